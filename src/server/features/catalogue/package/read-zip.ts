/**
 * Reads a `.zip` package from memory. yauzl reads the archive's directory and each entry's local header; the entry's
 * bytes are then inflated here, straight from the buffer, with zlib's output capped at the size the directory
 * declares — so the declared sizes can be counted against the caps before anything is inflated (a zip bomb stops
 * before its first large entry) and an entry that inflates to anything else is damage. File names are decoded here,
 * not by yauzl, so that an unsafe name is one problem on that entry instead of an error that ends the whole read.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type ContainerFiles, EntryCollector, type EntryKind, LimitStop } from './entry-collector';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';

const inflateRawAsync = promisify(inflateRaw);

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** "Version made by" high byte of archives written on Unix: only then do the external attributes hold a mode. */
const MADE_ON_UNIX = 3;
const STORED = 0;
const DEFLATED = 8;

class Damaged extends Error {}

function kindOf(entry: Entry, name: string): EntryKind {
  const mode = entry.versionMadeBy >>> 8 === MADE_ON_UNIX ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (mode === S_IFLNK) return 'link';
  if (mode === S_IFDIR || name.endsWith('/')) return 'directory';
  if (mode === 0 || mode === S_IFREG) return 'file';
  return 'special';
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    );
  });
}

/** The directory's entries in archive order; one past `max` at most, enough for the entry cap to see it. */
function entriesOf(zip: ZipFile, max: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > max) resolve(entries);
      else zip.readEntry();
    });
    zip.readEntry();
  });
}

async function entryBytes(zip: ZipFile, bytes: Buffer, entry: Entry, name: string): Promise<Buffer> {
  if (entry.isEncrypted()) throw new Damaged(`${name} is encrypted`);
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
  const end = fileDataStart + entry.compressedSize;
  if (end > bytes.length) throw new Damaged(`${name} runs past the end of the archive`);
  const packed = bytes.subarray(fileDataStart, end);
  let data: Buffer;
  if (entry.compressionMethod === STORED) data = Buffer.from(packed);
  else if (entry.compressionMethod === DEFLATED) {
    // One byte more than declared, so that an entry inflating to more than it says is caught, not cut.
    // Chunks up to 1 MiB: with zlib's 16 KiB default, inflating a large picture takes ten times longer.
    const chunkSize = Math.min(Math.max(entry.uncompressedSize + 1, 1024), 1024 * 1024);
    data = await inflateRawAsync(packed, { maxOutputLength: entry.uncompressedSize + 1, chunkSize }).catch(
      (error: Error) => {
        throw new Damaged(`${name}: ${error.message}`);
      },
    );
  } else throw new Damaged(`${name} uses compression method ${entry.compressionMethod}`);
  if (data.length !== entry.uncompressedSize) throw new Damaged(`${name} is not the size its header declares`);
  return data;
}

export async function readZip(bytes: Buffer, limits: PackageLimits): Promise<ContainerFiles> {
  const collector = new EntryCollector(limits);
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(bytes);
    let packed = 0;
    for (const entry of await entriesOf(zip, limits.maxEntries)) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      const path = collector.accept(name, kindOf(entry, name), entry.uncompressedSize);
      if (collector.stopped) break;
      if (path === null) continue;
      // The declared sizes are what entryBytes enforces, so they can be judged before inflating.
      packed += entry.compressedSize;
      collector.count(entry.uncompressedSize);
      collector.checkRatio(packed);
      collector.keep(path, await entryBytes(zip, bytes, entry, name));
    }
  } catch (error) {
    if (!(error instanceof LimitStop)) {
      collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason: (error as Error).message }));
    }
  } finally {
    zip?.close();
  }
  return collector.result();
}
