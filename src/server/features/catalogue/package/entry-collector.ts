/**
 * What the three container readers (folder, zip, tar.gz) share: each entry they meet is judged here once — its path,
 * its kind, the entry count, the per-file and total byte caps — and the bytes of the accepted files kept in memory.
 * A reader asks `accept()` before reading an entry's bytes and `take()` as they arrive, and stops when `stopped`.
 */
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import { isSystemJunk, normalizeEntryPath } from './entry-paths';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';

export type EntryKind = 'file' | 'directory' | 'link' | 'special';

/** What a container held: its files by package-relative path, before the top folder (if any) is removed. */
export interface ContainerFiles {
  readonly files: Map<string, Buffer>;
  /** Files present but not read (over the size cap): the manifest check counts them as present. */
  readonly refused: Set<string>;
  readonly problems: PackageProblem[];
  /** Reading stopped early (a cap, a damaged archive): what was read is not the package, check nothing more. */
  readonly stopped: boolean;
}

export class LimitStop extends Error {
  constructor() {
    super('package limit reached');
  }
}

export class EntryCollector {
  readonly files = new Map<string, Buffer>();
  readonly refused = new Set<string>();
  readonly problems: PackageProblem[] = [];
  stopped = false;
  private entries = 0;
  private totalBytes = 0;

  constructor(readonly limits: PackageLimits) {}

  /**
   * Judges an entry from its header. Answers the path to read its bytes under, or null to skip them (a folder, a
   * refused entry, a file declared larger than the cap, junk).
   */
  accept(rawPath: string, kind: EntryKind, declaredSize?: number): string | null {
    if (this.stopped) return null;
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) {
      this.stop(packageProblem('too-many-entries', { file: '' }, { max: this.limits.maxEntries }));
      return null;
    }
    // "./" and "." are the archive's own root folder, not an escape.
    if (kind === 'directory' && /^[./]*$/.test(rawPath)) return null;
    const path = normalizeEntryPath(rawPath);
    if (path === null) {
      this.problems.push(packageProblem('unsafe-path', { file: rawPath }));
      return null;
    }
    if (isSystemJunk(path)) return null;
    if (kind === 'link') {
      this.problems.push(packageProblem('link-entry', { file: path }));
      return null;
    }
    if (kind === 'special') {
      this.problems.push(packageProblem('special-entry', { file: path }));
      return null;
    }
    if (kind === 'directory') return null;
    if (this.files.has(path) || this.refused.has(path)) {
      this.problems.push(packageProblem('duplicate-entry', { file: path }));
      return null;
    }
    if (declaredSize !== undefined && declaredSize > this.limits.maxFileBytes) {
      this.refuseLarge(path);
      return null;
    }
    return path;
  }

  /** Counts bytes as they are unpacked; throws `LimitStop` once the total cap is passed. */
  count(bytes: number): void {
    this.totalBytes += bytes;
    if (this.totalBytes > this.limits.maxTotalBytes) {
      this.stop(packageProblem('package-too-large', { file: '' }, { max: this.limits.maxTotalBytes }));
      throw new LimitStop();
    }
  }

  /** Past the floor, refuses an archive that has unpacked more than `maxRatio` times the bytes it has read. */
  checkRatio(packedBytes: number): void {
    if (this.totalBytes <= this.limits.ratioFloorBytes) return;
    if (this.totalBytes > Math.max(packedBytes, 1) * this.limits.maxRatio) {
      this.stop(packageProblem('compression-ratio', { file: '' }, { max: this.limits.maxRatio }));
      throw new LimitStop();
    }
  }

  /** Keeps a file's bytes (already counted), or refuses it when it turned out larger than the cap. */
  keep(path: string, bytes: Buffer): void {
    if (bytes.length > this.limits.maxFileBytes) this.refuseLarge(path);
    else this.files.set(path, bytes);
  }

  refuseLarge(path: string): void {
    this.refused.add(path);
    this.problems.push(packageProblem('file-too-large', { file: path }, { max: this.limits.maxFileBytes }));
  }

  stop(problem: PackageProblem): void {
    if (this.stopped) return;
    this.stopped = true;
    this.problems.push(problem);
  }

  result(): ContainerFiles {
    return { files: this.files, refused: this.refused, problems: this.problems, stopped: this.stopped };
  }
}
