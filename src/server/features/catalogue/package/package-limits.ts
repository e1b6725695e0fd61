/**
 * How much a package may hold (docs/catalogue-format.md §5): the loader reads everything into memory, so
 * these caps are what keeps a hostile upload from filling it. Reading stops as soon as one is passed.
 */
import { PACKAGE_IMAGE_MAX_BYTES } from '#shared/contracts/catalogue-package';

export interface PackageLimits {
  /** Entries in the folder or archive (files and folders). */
  readonly maxEntries: number;
  /** Bytes of all files once unpacked, and of an archive itself. */
  readonly maxTotalBytes: number;
  /** Bytes of any one file (the picture cap applies to the JSON files too). */
  readonly maxFileBytes: number;
  /** Unpacked ÷ packed bytes of a compressed archive, once it has unpacked more than `ratioFloorBytes`. */
  readonly maxRatio: number;
  /** Below this many unpacked bytes the ratio is not judged: small JSON compresses very well and is harmless. */
  readonly ratioFloorBytes: number;
}

/**
 * A package of 50 large map pictures (up to ~19 MiB each), 1,000 fish and 5,000 bait icons fits; a real gzip or zip bomb
 * (ratio in the thousands) is stopped after its first few megabytes.
 */
export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxFileBytes: PACKAGE_IMAGE_MAX_BYTES,
  maxRatio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
};
