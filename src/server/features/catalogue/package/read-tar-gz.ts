/**
 * Reads a `.tar.gz` package from memory: zlib inflates it as a stream straight into node-tar's parser, and every
 * inflated chunk is counted against the total size cap and the compression ratio (unpacked bytes ÷ compressed bytes
 * consumed so far), so a gzip bomb is stopped the moment it passes one, having cost at most that much.
 */
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { type ContainerFiles, EntryCollector, type EntryKind, LimitStop } from './entry-collector';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';

/** 1 MiB chunks: zlib's 16 KiB default makes inflating a large package several times slower. */
const CHUNK = 1024 * 1024;

const KINDS: Partial<Record<ReadEntry['type'], EntryKind>> = {
  File: 'file',
  OldFile: 'file',
  ContiguousFile: 'file',
  Directory: 'directory',
  GNUDumpDir: 'directory',
  Link: 'link',
  SymbolicLink: 'link',
};

/** The tar inside must be a plain tar: a second compression layer would be inflated by the parser, uncounted. */
function isCompressed(bytes: Buffer): boolean {
  return (bytes[0] === 0x1f && bytes[1] === 0x8b) || bytes.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
}

export function readTarGz(bytes: Buffer, limits: PackageLimits): Promise<ContainerFiles> {
  const collector = new EntryCollector(limits);
  return new Promise((resolve) => {
    const gunzip = createGunzip({ chunkSize: CHUNK });
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      gunzip.destroy();
      resolve(collector.result());
    };
    const fail = (reason: string): void => {
      collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason }));
      finish();
    };

    const parser = new Parser({
      strict: false,
      brotli: false,
      zstd: false,
      onwarn: (code, message) => {
        // Informational notes (e.g. an ignored pax field) are not damage.
        if (code !== 'TAR_ENTRY_INFO') fail(`${code}: ${message}`);
      },
      onReadEntry: (entry: ReadEntry) => {
        const path = collector.accept(entry.path, KINDS[entry.type] ?? 'special', entry.size);
        if (collector.stopped) return finish();
        if (path === null) {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => collector.keep(path, Buffer.concat(chunks)));
      },
    });
    parser.on('error', (error: Error) => fail(error.message));
    parser.on('end', finish);

    let first = true;
    gunzip.on('data', (chunk: Buffer) => {
      if (done) return;
      if (first && isCompressed(chunk)) return fail('the tar inside is compressed again');
      first = false;
      try {
        collector.count(chunk.length);
        collector.checkRatio(gunzip.bytesWritten);
      } catch (error) {
        if (error instanceof LimitStop) return finish();
        throw error;
      }
      parser.write(chunk);
    });
    gunzip.on('end', () => {
      if (!done) parser.end();
    });
    gunzip.on('error', (error: Error) => {
      if (!done) fail(error.message);
    });
    gunzip.end(bytes);
  });
}
