/**
 * Avatar pictures: recognised by their content (PNG, JPEG or WebP, whatever the file name or declared type says),
 * decoded and drawn again as a 256 × 256 WebP with sharp, so no metadata (GPS, camera) and no smuggled bytes
 * (polyglot files) survive. Stored under a random name in `DATA_DIR/media/avatars/`, served from `/media/avatars/`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DomainError } from '../../domain-error';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
const SIZE = 256;
/** Decompression bombs: a 5 MB PNG can claim gigapixels; refuse anything over 40 megapixels before decoding. */
const MAX_PIXELS = 40_000_000;
const URL_PREFIX = '/media/avatars/';
/** The names this store gives its files: nothing else in the folder is ever deleted. */
const FILE_NAME = /^[0-9a-f]{32}\.webp$/;

const unsupportedAvatar = () => new DomainError('unsupported', 'AVATAR_UNSUPPORTED_FORMAT');

export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw unsupportedAvatar();
  }
  if (!format || !ACCEPTED.has(format)) throw unsupportedAvatar();
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the EXIF block is dropped
      .resize(SIZE, SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Recognised header but a broken or oversized picture.
    throw new DomainError('unreadable', 'AVATAR_INVALID_IMAGE');
  }
}

export class AvatarStore {
  private readonly dir: string;

  constructor(mediaDir: string) {
    this.dir = path.join(mediaDir, 'avatars');
  }

  /** Writes the picture under a fresh random name and answers its URL path. */
  async save(picture: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await writeFile(path.join(this.dir, name), picture);
    return URL_PREFIX + name;
  }

  /** Removes a picture this store wrote; anything else (null, a foreign URL) is left alone. */
  async remove(url: string | null): Promise<void> {
    if (!url?.startsWith(URL_PREFIX)) return;
    const name = url.slice(URL_PREFIX.length);
    if (!FILE_NAME.test(name)) return;
    await unlink(path.join(this.dir, name)).catch(() => undefined);
  }

  /**
   * Deletes this store's pictures whose URL is not in `keep` and that were last written more than `minAgeMs` ago;
   * answers how many went. A missing folder has nothing to sweep.
   */
  async sweep(keep: ReadonlySet<string>, minAgeMs: number): Promise<number> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const before = Date.now() - minAgeMs;
    let removed = 0;
    for (const name of names) {
      if (!FILE_NAME.test(name) || keep.has(URL_PREFIX + name)) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs > before) continue;
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
    return removed;
  }
}
