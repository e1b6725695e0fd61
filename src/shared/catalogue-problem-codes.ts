/**
 * Every `code` a catalogue package problem can carry (docs/catalogue-format.md lists each with its meaning and its
 * `params`). Zod-free, so the admin page can word each code in the reader's language without loading zod.
 */
export const PACKAGE_PROBLEM_CODES = [
  // The container: reading the folder or archive.
  'source-unreadable',
  'unknown-container',
  'archive-corrupt',
  'unsafe-path',
  'link-entry',
  'special-entry',
  'duplicate-entry',
  'too-many-entries',
  'package-too-large',
  'compression-ratio',
  'file-too-large',
  'manifest-missing',
  // Any JSON file.
  'not-utf8',
  'json-malformed',
  // The manifest and the files it lists.
  'file-missing',
  'file-not-listed',
  'file-not-allowed',
  'hash-mismatch',
  'group-file-missing',
  // Fields (from the JSON Schema's rules).
  'missing-field',
  'unknown-field',
  'invalid-type',
  'invalid-value',
  'invalid-format',
  'out-of-range',
  'name-missing',
  // Items and the references between them.
  'duplicate-id',
  'id-in-two-groups',
  'unknown-map',
  'unknown-bait-type',
  'unknown-star-type',
  'star-weights-order',
  'star-weight-out-of-range',
  'weight-range',
  'bounds-area',
  'map-size-mismatch',
  'image-path',
  'image-missing',
  // Pictures.
  'image-type',
  'image-format-mismatch',
  'image-unreadable',
  'svg-malformed',
  'svg-script',
  'svg-event-attribute',
  'svg-foreign-object',
  'svg-external-reference',
  'svg-doctype',
  // Against the live catalogue (the importer).
  'removed-in-use',
] as const;

export type PackageProblemCode = (typeof PACKAGE_PROBLEM_CODES)[number];
