import { createHash } from 'node:crypto';

/** Lowercase hex SHA-256: how a package names every file's content. */
export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const hashed = new WeakMap<Buffer, string>();

/** `sha256Hex` of a package file's bytes, computed once: the manifest check and the pictures both need it. */
export function fileSha256(bytes: Buffer): string {
  let hash = hashed.get(bytes);
  if (hash === undefined) {
    hash = sha256Hex(bytes);
    hashed.set(bytes, hash);
  }
  return hash;
}
