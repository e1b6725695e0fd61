/**
 * Reads a `.zip` package from memory with yauzl. File names are decoded here, not by yauzl, so that an unsafe name
 * is one problem on that entry instead of an error that ends the whole read. Every entry's bytes are counted as
 * they are inflated, so a zip bomb stops at the first cap it passes; yauzl also checks each entry against the size
 * its header declares.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type ContainerFiles, EntryCollector, type EntryKind, LimitStop } from './entry-collector';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** "Version made by" high byte of archives written on Unix: only then do the external attributes hold a mode. */
const MADE_ON_UNIX = 3;

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

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
  });
}

async function readEntry(stream: Readable, collector: EntryCollector, packedSoFar: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      collector.count(chunk.length);
      collector.checkRatio(packedSoFar);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

export async function readZip(bytes: Buffer, limits: PackageLimits): Promise<ContainerFiles> {
  const collector = new EntryCollector(limits);
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(bytes);
    const opened = zip;
    let packed = 0;
    await new Promise<void>((resolve, reject) => {
      opened.on('error', reject);
      opened.on('end', resolve);
      opened.on('entry', (entry: Entry) => {
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
        const path = collector.accept(name, kindOf(entry, name), entry.uncompressedSize);
        if (collector.stopped) return resolve();
        if (path === null) return opened.readEntry();
        packed += entry.compressedSize;
        openEntry(opened, entry)
          .then((stream) => readEntry(stream, collector, packed))
          .then((data) => {
            collector.keep(path, data);
            opened.readEntry();
          })
          .catch(reject);
      });
      opened.readEntry();
    });
  } catch (error) {
    if (!(error instanceof LimitStop)) {
      collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason: (error as Error).message }));
    }
  } finally {
    zip?.close();
  }
  return collector.result();
}
