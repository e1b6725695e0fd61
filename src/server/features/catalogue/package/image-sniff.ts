/** What a picture's first bytes say it is, whatever its name says (docs/catalogue-format.md §4). */
import type { PackageImage } from './package-types';

export type ImageExt = PackageImage['ext'];

/** The picture type a file name's extension names (`.jpg` is a JPEG too), or null for any other extension. */
export function extOfName(path: string): { ext: ImageExt | null; written: string } {
  const dot = path.lastIndexOf('.');
  const written = dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
  const ext = written === 'jpg' ? 'jpeg' : (['png', 'webp', 'jpeg', 'svg'] as const).find((e) => e === written);
  return { ext: ext ?? null, written };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format of the bytes: a raster type by its magic, "svg" for text that starts like XML, else a description. */
export function sniffImage(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  const head = bytes
    .toString('utf8', 0, 256)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'svg';
  return 'unknown';
}
