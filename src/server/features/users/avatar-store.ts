/**
 * Avatar pictures: recognised by their content (PNG, JPEG or WebP, whatever the file name or declared type says),
 * decoded and drawn again as a 256 × 256 WebP with sharp, so no metadata (GPS, camera) and no smuggled bytes
 * (polyglot files) survive. Stored under a random name in `DATA_DIR/media/avatars/`, served from `/media/avatars/`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../plugins/errors';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
const SIZE = 256;
/** Decompression bombs: a 5 MB PNG can claim gigapixels; refuse anything over 40 megapixels before decoding. */
const MAX_PIXELS = 40_000_000;
const URL_PREFIX = '/media/avatars/';

export const unsupportedAvatar = () => new HttpError(415, 'AVATAR_UNSUPPORTED_FORMAT');

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
    throw new HttpError(422, 'AVATAR_INVALID_IMAGE');
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
    if (!/^[0-9a-f]{32}\.webp$/.test(name)) return;
    await unlink(path.join(this.dir, name)).catch(() => undefined);
  }
}
