/**
 * Reads a package folder into memory. Nothing is followed: a symbolic link, a hard-linked file (a second name for a
 * file that may live outside the folder) or a device is refused, not read.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContainerFiles, EntryCollector, LimitStop } from './entry-collector';
import type { PackageLimits } from './package-limits';

/** Files looked at together: a package of thousands of small icons reads several times faster than one by one. */
const PARALLEL = 32;

/** Judges one folder entry; answers its bytes when it is a file to keep. */
async function readEntry(root: string, rel: string, collector: EntryCollector, pending: string[]): Promise<void> {
  const stat = await lstat(path.join(root, rel));
  if (stat.isDirectory()) {
    collector.accept(`${rel}/`, 'directory');
    pending.push(rel);
  } else if (stat.isSymbolicLink() || (stat.isFile() && stat.nlink > 1)) {
    collector.accept(rel, 'link');
  } else if (!stat.isFile()) {
    collector.accept(rel, 'special');
  } else {
    const accepted = collector.accept(rel, 'file', stat.size);
    if (accepted === null) return;
    collector.count(stat.size);
    collector.keep(accepted, await readFile(path.join(root, rel)));
  }
}

export async function readFolder(root: string, limits: PackageLimits): Promise<ContainerFiles> {
  const collector = new EntryCollector(limits);
  const pending: string[] = [''];
  try {
    for (let dir = pending.shift(); dir !== undefined && !collector.stopped; dir = pending.shift()) {
      const names = (await readdir(path.join(root, dir))).sort();
      for (let i = 0; i < names.length && !collector.stopped; i += PARALLEL) {
        const batch = names.slice(i, i + PARALLEL).map((name) => (dir === '' ? name : `${dir}/${name}`));
        const results = await Promise.allSettled(batch.map((rel) => readEntry(root, rel, collector, pending)));
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
      }
    }
  } catch (error) {
    if (!(error instanceof LimitStop)) throw error;
  }
  return collector.result();
}
