/**
 * The superuser catalogue routes' constants, without zod so the admin page can import them
 * (src/shared/contracts/catalogue-admin.ts holds the schemas).
 */

/** The archive types the upload routes take; the archive kind itself is read from the bytes (zip or gzip). */
export const PACKAGE_UPLOAD_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
] as const;

/** The codes of the upload routes' refusals, besides the shared ones (401, 403, 429, 422). */
export const CatalogueAdminErrorCode = {
  /** The importer found problems in the package or the stored version: nothing changed (422, with the problems). */
  REFUSED: 'CATALOGUE_PACKAGE_REFUSED',
  /** The body is larger than `CATALOGUE_UPLOAD_MAX_BYTES` (413, `{code, reason}`). */
  TOO_LARGE: 'CATALOGUE_PACKAGE_TOO_LARGE',
  /** The Content-Type is not one of `PACKAGE_UPLOAD_TYPES` (415, `{code, reason}`). */
  MEDIA_TYPE: 'CATALOGUE_PACKAGE_MEDIA_TYPE',
  /** Another apply or rollback is running on this server (409). */
  APPLY_IN_PROGRESS: 'CATALOGUE_APPLY_IN_PROGRESS',
  /** `if_live` names a version that is no longer live (409). */
  LIVE_CHANGED: 'CATALOGUE_LIVE_CHANGED',
  /** Too many packages being read at once on this server (503, `Retry-After`). */
  BUSY: 'CATALOGUE_BUSY',
  /** No catalogue version has this id (404). */
  VERSION_NOT_FOUND: 'CATALOGUE_VERSION_NOT_FOUND',
} as const;
