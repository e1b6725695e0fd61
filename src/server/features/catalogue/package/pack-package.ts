/**
 * Packs a package folder as a `.zip` (yazl) or a `.tar.gz` (node-tar), in memory: how tests and operators' tools
 * turn a written folder into the archives the loader reads. Files go in sorted order with a fixed time, so the same
 * folder always packs to the same bytes. `top` puts the files inside one top folder, as zipping a folder does.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { create, Header, type types } from 'tar';
import { ZipFile } from 'yazl';

const FIXED_TIME = new Date('2000-01-01T00:00:00Z');

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, rel) : Promise.resolve([rel]);
    }),
  );
  return nested.flat().sort();
}

export interface PackOptions {
  /** A top folder to put every file in (e.g. "demo-1"). */
  top?: string;
}

export async function packZip(dir: string, options: PackOptions = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const rel of await listFiles(dir)) {
    const name = options.top ? `${options.top}/${rel}` : rel;
    zip.addBuffer(await readFile(path.join(dir, rel)), name, { mtime: FIXED_TIME, mode: 0o100644 });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** One tar entry, written by hand (tests use it to make archives no honest tool would): a 512-byte header, the data, padding to the next 512-byte block. */
export function tarEntry(
  entryPath: string,
  data: Buffer,
  type: types.EntryTypeName = 'File',
  linkpath?: string,
): Buffer {
  const header = new Header({
    path: entryPath,
    mode: 0o644,
    size: type === 'File' ? data.length : 0,
    mtime: FIXED_TIME,
    type,
    linkpath,
    uid: 0,
    gid: 0,
  });
  const block = Buffer.alloc(512);
  header.encode(block);
  if (type !== 'File') return block;
  const padding = Buffer.alloc((512 - (data.length % 512)) % 512);
  return Buffer.concat([block, data, padding]);
}

/** A tar archive of the given entries, ended by two empty blocks. */
export function tarOf(entries: Buffer[]): Buffer {
  return Buffer.concat([...entries, Buffer.alloc(1024)]);
}

export async function packTarGz(dir: string, options: PackOptions = {}): Promise<Buffer> {
  // portable: no owner names or system-specific fields; gzip here (not in tar) so its header time is always 0.
  const stream = create({ cwd: dir, portable: true, mtime: FIXED_TIME, prefix: options.top }, await listFiles(dir));
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}
