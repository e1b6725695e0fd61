import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeatmapResponse } from '#shared/contracts/catches';
import { type HeatmapHead, heatmapJson } from './heatmap-json';

const head = (cols: number, rows: number): HeatmapHead => ({
  map_id: 7,
  cols,
  rows,
  cell_w: 12.5,
  cell_h: 10,
  bounds: { x_min: -50, y_min: 0, x_max: 2450, y_max: 1500 },
  updated_at: '2026-11-27T12:00:00.000Z',
  trust: 'trusted',
});

/** What the service wrote before: the list built in cell order, then `JSON.stringify` of the whole answer. */
function stringified(h: HeatmapHead, counts: Float64Array): HeatmapResponse {
  const cells: [number, number, number][] = [];
  counts.forEach((count, cell) => {
    if (count > 0) cells.push([cell % h.cols, Math.floor(cell / h.cols), count]);
  });
  const total = cells.reduce((sum, [, , n]) => sum + n, 0);
  const max = Math.max(0, ...cells.map(([, , n]) => n));
  return { ...h, cells, max, total, updated_at: cells.length > 0 ? h.updated_at : null };
}

describe('the heat map answer written as bytes', () => {
  it('is the JSON of the same answer, for any counts (none, negative ones, and past 32 bits)', () => {
    const count = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 10, max: 100_000 }),
      fc.integer({ min: -5, max: -1 }),
      fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 40 + 3),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(count),
        (cols, rows, list) => {
          const counts = new Float64Array(cols * rows);
          list.slice(0, counts.length).forEach((n, i) => (counts[(i * 7919) % counts.length] = n));
          const bytes = heatmapJson(head(cols, rows), counts);
          const parsed = JSON.parse(bytes.toString('utf8')) as unknown;
          expect(parsed).toEqual(stringified(head(cols, rows), counts));
          expect(HeatmapResponse.parse(parsed)).toEqual(parsed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes every digit of columns and rows past ten thousand, and null when no cell has a catch', () => {
    const counts = new Float64Array(20_000 * 3);
    counts[20_000 * 2 + 12_345] = 1_000_000;
    counts[9] = 10;
    const answer = JSON.parse(heatmapJson(head(20_000, 3), counts).toString()) as HeatmapResponse;
    expect(answer.cells).toEqual([
      [9, 0, 10],
      [12_345, 2, 1_000_000],
    ]);
    expect([answer.total, answer.max]).toEqual([1_000_010, 1_000_000]);
    const empty = JSON.parse(heatmapJson(head(4, 4), new Float64Array(16)).toString()) as HeatmapResponse;
    expect(empty).toMatchObject({ cells: [], total: 0, max: 0, updated_at: null });
  });

  it('answers own their bytes: a later answer, smaller or larger, leaves an earlier one as it was', () => {
    const small = new Float64Array(16).fill(3);
    const large = new Float64Array(200 * 150).fill(123_456);
    const first = heatmapJson(head(4, 4), small);
    const copy = Buffer.from(first);
    const second = heatmapJson(head(200, 150), large);
    heatmapJson(head(4, 4), new Float64Array(16).fill(9));
    expect(first.equals(copy)).toBe(true);
    expect((JSON.parse(second.toString()) as HeatmapResponse).cells).toHaveLength(200 * 150);
    expect(second.length).toBe(Buffer.byteLength(JSON.stringify(JSON.parse(second.toString()))));
  });
});
