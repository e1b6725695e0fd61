import { createHash } from 'node:crypto';

/** Lowercase hex SHA-256: how a package names every file's content. */
export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
