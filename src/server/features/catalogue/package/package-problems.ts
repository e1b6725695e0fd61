/**
 * The one way the loader words a problem (docs/catalogue-format.md §7): a stable code, where it is (file,
 * item id, dotted field), its params, and the English sentence the CLI prints. The admin page words the same code and
 * params in the reader's language, so every fact a message states is also in `params`.
 */
import type { PackageProblemCode } from '#shared/catalogue-problem-codes';
import type { PackageProblem } from '#shared/contracts/catalogue-package';

export type ProblemParams = Record<string, string | number>;

export interface ProblemPlace {
  file: string;
  item_id?: number | null;
  field?: string | null;
}

type Words = (p: ProblemParams) => string;

const WORDS: Record<PackageProblemCode, Words> = {
  'source-unreadable': (p) => `the package cannot be read: ${p.reason}`,
  'unknown-container': () => 'not a folder, a .zip or a .tar.gz archive',
  'archive-corrupt': (p) => `the archive is damaged: ${p.reason}`,
  'unsafe-path': () => 'the path leaves the package (absolute, "..", a backslash or a drive letter): refused',
  'link-entry': () => 'a symbolic or hard link: packages hold plain files only',
  'special-entry': () => 'a device, pipe or other special file: packages hold plain files only',
  'duplicate-entry': () => 'the archive holds this path twice',
  'too-many-entries': (p) => `the package has more than ${p.max} entries`,
  'package-too-large': (p) => `the package unpacks to more than ${p.max} bytes: reading stopped`,
  'compression-ratio': (p) =>
    `the archive expands more than ${p.max} times its compressed size (a decompression bomb?): reading stopped`,
  'file-too-large': (p) => `the file is larger than ${p.max} bytes`,
  'manifest-missing': () => 'no manifest.json at the root of the package or inside its one top folder',
  'not-utf8': () => 'the file is not UTF-8 text',
  'json-malformed': (p) => `malformed JSON at line ${p.line}, column ${p.column}: ${p.reason}`,
  'file-missing': () => 'the manifest lists this file but the package does not hold it',
  'file-not-listed': () => 'the package holds this file but the manifest does not list it',
  'file-not-allowed': () => 'only manifest.json, the group files and pictures under images/ may be in a package',
  'hash-mismatch': (p) => `SHA-256 is ${p.actual}, the manifest says ${p.expected}`,
  'group-file-missing': (p) => `the package has no ${p.group} group file`,
  'missing-field': () => 'this field is required',
  'unknown-field': () => 'unknown field',
  'invalid-type': (p) => `expected ${p.expected}`,
  'invalid-value': (p) => `${p.reason}`,
  'invalid-format': (p) => `${p.reason}`,
  'out-of-range': (p) => `${p.reason}`,
  'name-missing': () => 'the Chinese name (`name`) is required and may not be empty',
  'duplicate-id': (p) => `id ${p.id} appears more than once in this file`,
  'id-in-two-groups': (p) => `id ${p.id} is also used in ${p.other_file}: ids are unique across all groups`,
  'unknown-map': (p) => `map ${p.map} is not in maps.json`,
  'unknown-bait-type': (p) => `bait type ${p.bait_type} is not in fish_way.json`,
  'unknown-star-type': (p) => `star type ${p.star_type} is not in star_type.json`,
  'star-weights-order': () =>
    'star-class weights must follow the star types in their order (sort, then id), each heavier than the one before',
  'star-weight-out-of-range': (p) =>
    `star-class weight ${p.weight} is outside the fish's weight range ${p.min_weight}–${p.max_weight}`,
  'weight-range': (p) => `min_weight ${p.min_weight} is above max_weight ${p.max_weight}`,
  'bounds-area': () => 'the bounds cover no area: x_max must be above x_min and y_max above y_min',
  'map-size-mismatch': (p) =>
    `the map says ${p.width}×${p.height} but its picture is ${p.image_width}×${p.image_height}`,
  'image-path': (p) => `picture path "${p.path}" is not a plain relative path under images/`,
  'image-missing': (p) => `picture "${p.path}" is not in the package`,
  'image-type': (p) => `"${p.ext}" is not a picture type a package may hold (png, webp, jpeg or jpg, svg)`,
  'image-format-mismatch': (p) => `the name says ${p.ext} but the bytes are ${p.actual}`,
  'image-unreadable': (p) => `the picture cannot be read: ${p.reason}`,
  'svg-malformed': (p) => `the SVG is not well-formed XML: ${p.reason}`,
  'svg-script': () => 'the SVG holds a <script> element',
  'svg-event-attribute': (p) => `the SVG has an event attribute (${p.attribute})`,
  'svg-foreign-object': () => 'the SVG holds a <foreignObject> element',
  'svg-external-reference': (p) =>
    `the SVG refers to "${p.reference}": only same-document references (#id) are allowed`,
  'svg-doctype': () => 'the SVG declares a DOCTYPE with an internal subset (entities): refused',
  'removed-in-use': (p) =>
    `the package removes this item but ${p.catches} catches, ${p.sales} sales and ${p.records} official records ` +
    'still reference it: keep it in the package with "deprecated": true',
};

function where(place: ProblemPlace): string {
  const parts = [place.file || 'package'];
  if (place.item_id !== undefined && place.item_id !== null) parts.push(`item ${place.item_id}`);
  if (place.field) parts.push(place.field);
  return parts.join(', ');
}

export function packageProblem(code: PackageProblemCode, place: ProblemPlace, params?: ProblemParams): PackageProblem {
  const words = WORDS[code](params ?? {});
  return {
    file: place.file,
    item_id: place.item_id ?? null,
    field: place.field ?? null,
    code,
    ...(params ? { params } : {}),
    message: `${where(place)}: ${words}`,
  };
}

/** Plain code-unit order: the same on every machine, whatever its locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Problems come back in a stable order: by file, item id, field, code. */
export function sortProblems(problems: PackageProblem[]): PackageProblem[] {
  return problems.sort(
    (a, b) =>
      compare(a.file, b.file) ||
      (a.item_id ?? -1) - (b.item_id ?? -1) ||
      compare(a.field ?? '', b.field ?? '') ||
      compare(a.code, b.code),
  );
}
