/**
 * Reads a `.tar.gz` package from memory: gunzip with an output cap (zlib stops inflating the moment the cap is
 * passed, so a gzip bomb costs at most the cap), then node-tar's parser over the tar. The cap is the smaller of the
 * total size cap and what the ratio allows for this many compressed bytes.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { type ContainerFiles, EntryCollector, type EntryKind } from './entry-collector';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';

const gunzipAsync = promisify(gunzip);

const KINDS: Partial<Record<ReadEntry['type'], EntryKind>> = {
  File: 'file',
  OldFile: 'file',
  ContiguousFile: 'file',
  Directory: 'directory',
  GNUDumpDir: 'directory',
  Link: 'link',
  SymbolicLink: 'link',
};

/** The tar inside must be a plain tar: a second compression layer would be inflated past our cap by the parser. */
function isCompressed(bytes: Buffer): boolean {
  return (bytes[0] === 0x1f && bytes[1] === 0x8b) || bytes.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
}

async function inflate(bytes: Buffer, limits: PackageLimits, collector: EntryCollector): Promise<Buffer | null> {
  const byRatio = Math.max(limits.ratioFloorBytes, bytes.length * limits.maxRatio);
  const cap = Math.min(limits.maxTotalBytes, byRatio);
  try {
    // 256 KiB chunks: zlib's 16 KiB default makes inflating large packages several times slower.
    return await gunzipAsync(bytes, { maxOutputLength: cap, chunkSize: 256 * 1024 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') {
      collector.stop(
        cap < limits.maxTotalBytes
          ? packageProblem('compression-ratio', { file: '' }, { max: limits.maxRatio })
          : packageProblem('package-too-large', { file: '' }, { max: limits.maxTotalBytes }),
      );
    } else {
      collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason: (error as Error).message }));
    }
    return null;
  }
}

function parseTar(tar: Buffer, collector: EntryCollector): Promise<void> {
  return new Promise((resolve) => {
    let failed = false;
    const fail = (reason: string): void => {
      if (failed) return;
      failed = true;
      collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason }));
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
        if (path === null || failed) {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          const data = Buffer.concat(chunks);
          try {
            collector.count(data.length);
            collector.keep(path, data);
          } catch {
            // LimitStop: the collector has recorded why.
          }
        });
      },
    });
    parser.on('error', (error: Error) => fail(error.message));
    parser.on('end', () => resolve());
    parser.on('close', () => resolve());
    parser.end(tar);
  });
}

export async function readTarGz(bytes: Buffer, limits: PackageLimits): Promise<ContainerFiles> {
  const collector = new EntryCollector(limits);
  const tar = await inflate(bytes, limits, collector);
  if (tar === null) return collector.result();
  if (isCompressed(tar)) {
    collector.stop(packageProblem('archive-corrupt', { file: '' }, { reason: 'the tar inside is compressed again' }));
    return collector.result();
  }
  await parseTar(tar, collector);
  return collector.result();
}
