/**
 * The seams of the catalogue import (docs/catalogue-format.md): the package loader reads a folder, `.zip` or `.tar.gz`
 * into a checked `LoadedPackage` (or every problem it found), and the `CatalogueImporter` compares one with the live
 * catalogue, applies it as a new version, lists, rolls back and exports versions. The CLI
 * (`npm run catalogue:import|export|rollback`), the admin routes and the demo world's first start all go through these.
 */
import type {
  CatalogueApplyResult,
  CatalogueDryRun,
  CatalogueVersionList,
  PackageGroups,
  PackageManifest,
  PackageProblem,
} from '#shared/contracts/catalogue-package';

/** A picture of the package, checked: its bytes are the format its extension names. */
export interface PackageImage {
  /** Lowercase hex SHA-256 of `bytes`: the name it is stored under (`<sha256>.<ext>`). */
  readonly sha256: string;
  readonly ext: 'png' | 'webp' | 'jpeg' | 'svg';
  readonly bytes: Buffer;
  /** Pixel size, when the format has one (raster pictures). */
  readonly width: number | null;
  readonly height: number | null;
}

export interface LoadedPackage {
  readonly manifest: PackageManifest;
  /** Every group's items; each item's `data.image` (maps, baits) is a key of `images`. */
  readonly groups: PackageGroups;
  /** The pictures by package-relative path ("images/lake.webp"). */
  readonly images: ReadonlyMap<string, PackageImage>;
  /**
   * SHA-256 of the content — the group files in a canonical form and each picture's hash, not `created_at` — so two
   * packages with the same content have the same hash whatever their archive or manifest time.
   */
  readonly contentSha256: string;
}

/** Where a package comes from: a folder or archive on disk (CLI), or an uploaded archive's bytes (admin page). */
export type PackageSource = { readonly path: string } | { readonly bytes: Buffer };

export type PackageLoad = { ok: true; pkg: LoadedPackage } | { ok: false; problems: PackageProblem[] };

export interface CatalogueImporter {
  /** Checks the package against the live catalogue: its problems, or the diff and its impact on stored data. */
  dryRun(load: PackageLoad): Promise<CatalogueDryRun>;
  /**
   * Applies the package in one transaction as the next version (nothing when its content is the live one's, except
   * that its pictures missing on disk are stored again); refused (`ok: false`, nothing changed) when it has problems.
   */
  apply(load: PackageLoad, appliedBy: string): Promise<CatalogueApplyResult>;
  /** Every version applied, newest first. */
  versions(): Promise<CatalogueVersionList>;
  /** What rolling back to `versionId` would change (a `not-found` DomainError for an unknown id). */
  previewRollback(versionId: number): Promise<CatalogueDryRun>;
  /** Applies the content of version `versionId` again, as a new version of kind `rollback`. */
  rollback(versionId: number, appliedBy: string): Promise<CatalogueApplyResult>;
  /** Writes the live catalogue as a package into `dir` (manifest, group files, pictures). */
  exportTo(dir: string): Promise<void>;
}
