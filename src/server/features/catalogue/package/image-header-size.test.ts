import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { headerSize } from './image-header-size';

const SIZES = [
  [1, 1],
  [257, 3],
  [640, 480],
  [4097, 33],
] as const;

function picture(width: number, height: number, alpha: boolean) {
  return sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 10, g: 200, b: 90, alpha: 0.5 } },
  });
}

describe('headerSize reads what sharp reads', () => {
  it.each(SIZES)('PNG and every kind of WebP at %i×%i', async (width, height) => {
    const encodings = [
      ['png', await picture(width, height, false).png().toBuffer()],
      ['webp', await picture(width, height, false).webp().toBuffer()], // lossy: "VP8 "
      ['webp', await picture(width, height, false).webp({ lossless: true }).toBuffer()], // "VP8L"
      ['webp', await picture(width, height, true).webp().toBuffer()], // with alpha: "VP8X"
    ] as const;
    for (const [format, bytes] of encodings) {
      const meta = await sharp(bytes).metadata();
      expect(headerSize(format, bytes)).toEqual({ width: meta.width, height: meta.height });
    }
  });

  it('leaves JPEG and unreadable headers to sharp', async () => {
    expect(headerSize('jpeg', await picture(4, 4, false).jpeg().toBuffer())).toBeNull();
    expect(headerSize('png', Buffer.alloc(40))).toBeNull();
    expect(headerSize('webp', Buffer.from('RIFF\0\0\0\0WEBPVP8Zxxxxxxxxxxxxxxxxxxxxxxx'))).toBeNull();
  });
});
