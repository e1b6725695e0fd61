/**
 * The catalogue's pictures on disk. A package's pictures are stored under their content hash,
 * `<mediaDir>/catalogue/<sha256>.<ext>` (served as `/media/catalogue/…`), written before the apply's transaction: a
 * picture is never overwritten (same name, same bytes) nor deleted (an earlier version, a rollback, may show it), so
 * a refused or failed apply leaves at most pictures nothing references, never a changed one.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PackageImage } from './package/package-types';
import { hashOfPictureUrl, sha256Hex } from './catalogue-content';

/** Writes each picture not on disk yet (`writePictureFile`); answers how many it wrote. */
export async function storePictures(mediaDir: string, images: Iterable<PackageImage>): Promise<number> {
  const folder = path.join(mediaDir, 'catalogue');
  await mkdir(folder, { recursive: true });
  const seen = new Set<string>();
  let written = 0;
  for (const image of images) {
    const name = `${image.sha256}.${image.ext}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const target = path.join(folder, name);
    if (existsSync(target)) continue;
    await writePictureFile(target, image.bytes);
    written++;
  }
  return written;
}

/** Writes a picture file whole: to a temporary name beside it, then renamed, so no reader sees half a file. */
export async function writePictureFile(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file behind a `/media/…` URL, or undefined for any other URL (or one that climbs out of the media folder). */
export function pictureFile(mediaDir: string, url: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, url.slice('/media/'.length));
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** The bytes behind a picture URL, or undefined when it is not on disk. */
export async function readPicture(mediaDir: string, url: string): Promise<Buffer | undefined> {
  const file = pictureFile(mediaDir, url);
  if (!file) return undefined;
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * The content hash of each picture URL: read from a content-addressed name, else by hashing the file behind it (the
 * demo's `/media/maps/1.png`: a few dozen files). A URL whose file is missing keys as itself, so it differs from any
 * package picture.
 */
export async function pictureKeys(mediaDir: string, urls: Iterable<string>): Promise<(url: string) => string> {
  const hashes = new Map<string, string>();
  for (const url of new Set(urls)) {
    if (hashOfPictureUrl(url) !== undefined) continue;
    const bytes = await readPicture(mediaDir, url);
    if (bytes) hashes.set(url, sha256Hex(bytes));
  }
  return (url) => hashOfPictureUrl(url) ?? hashes.get(url) ?? url;
}
