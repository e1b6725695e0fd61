import { describe, expect, it } from 'vitest';
import { blockAt, blocksFor, busiestBlocks, MAX_BLOCK, mergeCells, zoomBlockSize } from './heat-blocks';

describe('zoomBlockSize', () => {
  it('merges cells until a drawn cell is at least 8 px, in powers of two up to 16', () => {
    expect(zoomBlockSize(10)).toBe(1);
    expect(zoomBlockSize(8)).toBe(1);
    expect(zoomBlockSize(6.5)).toBe(2);
    expect(zoomBlockSize(2.8)).toBe(4);
    expect(zoomBlockSize(1.9)).toBe(8);
    expect(zoomBlockSize(0.1)).toBe(MAX_BLOCK);
  });

  it('draws single cells while the map has no size yet', () => {
    expect(zoomBlockSize(0)).toBe(1);
    expect(zoomBlockSize(Number.NaN)).toBe(1);
    expect(zoomBlockSize(Infinity)).toBe(1);
  });
});

describe('mergeCells', () => {
  it('adds the counts of the cells of each aligned square, keeping the total', () => {
    const blocks = mergeCells(
      [
        [0, 0, 1],
        [1, 1, 2],
        [2, 1, 5],
        [3, 3, 1],
        [127, 127, 4],
      ],
      128,
      128,
      2,
    );
    expect(blocks).toMatchObject({ size: 2, cols: 64, rows: 64, max: 5 });
    expect(blocks.list).toEqual([
      { col: 0, row: 0, size: 2, count: 3 },
      { col: 2, row: 0, size: 2, count: 5 },
      { col: 2, row: 2, size: 2, count: 1 },
      { col: 126, row: 126, size: 2, count: 4 },
    ]);
    expect(blocks.list.reduce((sum, block) => sum + block.count, 0)).toBe(13);
  });

  it('cuts the last block at the grid edge when the size does not divide the grid', () => {
    const blocks = mergeCells([[99, 49, 7]], 100, 50, 16);
    expect(blocks).toMatchObject({ cols: 7, rows: 4 });
    expect(blocks.list).toEqual([{ col: 96, row: 48, size: 16, count: 7 }]);
  });

  it('ignores cells off the grid and empty counts', () => {
    expect(
      mergeCells(
        [
          [128, 0, 3],
          [-1, 0, 3],
          [0, 0, 0],
        ],
        128,
        128,
        1,
      ).list,
    ).toEqual([]);
  });
});

describe('blocksFor', () => {
  // A week of thin data: 40 lone catches spread every 3 cells.
  const thin = Array.from({ length: 40 }, (_, i) => [(i * 3) % 120, Math.floor(i / 4) * 3, 1] as const);

  it("follows the zoom: a phone's whole map merges more than a desktop's, a zoomed-in view less", () => {
    const busy = Array.from({ length: 400 }, (_, i) => [i % 20, Math.floor(i / 20), 5] as const);
    expect(blocksFor(busy, 128, 128, 2.8).size).toBe(4);
    expect(blocksFor(busy, 128, 128, 6.5).size).toBe(2);
    expect(blocksFor(busy, 128, 128, 12).size).toBe(1);
  });

  it('merges thin data further while a merged block stays small on screen', () => {
    const phone = blocksFor(thin, 128, 128, 2.8);
    // 4 × 4 by zoom (11 px), then 8 × 8 (22 px) because most blocks held one catch; 16 × 16 would be 45 px.
    expect(phone.size).toBe(8);
    expect(phone.max).toBeGreaterThan(1);
    // Zoomed far in, a block of 2 would be 40 px: single cells however thin the data.
    expect(blocksFor(thin, 128, 128, 20).size).toBe(1);
  });

  it('keeps single cells before the map knows its size', () => {
    expect(blocksFor(thin, 128, 128, 0).size).toBe(1);
  });
});

describe('blockAt and busiestBlocks', () => {
  const blocks = mergeCells(
    [
      [5, 5, 2],
      [6, 4, 1],
      [40, 40, 3],
      [0, 100, 3],
    ],
    128,
    128,
    8,
  );

  it('finds the block of a cell with its count', () => {
    expect(blockAt({ col: 7, row: 0 }, blocks)).toEqual({ col: 0, row: 0, size: 8, count: 3 });
    expect(blockAt({ col: 20, row: 20 }, blocks)).toEqual({ col: 16, row: 16, size: 8, count: 0 });
    expect(blockAt({ col: 128, row: 0 }, blocks)).toBeNull();
  });

  it('lists the busiest blocks first, ties southern then western first', () => {
    expect(busiestBlocks(blocks, 2)).toEqual([
      { col: 0, row: 0, size: 8, count: 3 },
      { col: 40, row: 40, size: 8, count: 3 },
    ]);
  });
});
