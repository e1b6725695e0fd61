/**
 * The manifest and the files it lists (docs/catalogue-format.md §2): every file of the package is
 * listed with its SHA-256 and every listed file is there, only the group files and pictures under `images/` may be,
 * and each group has its file.
 */
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import { PACKAGE_GROUP_FILES, type PackageManifest } from '#shared/contracts/catalogue-package';
import { PackageManifest as ManifestSchema } from '#shared/contracts/catalogue-package';
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import type { ContainerFiles } from './entry-collector';
import { isPlainPath } from './entry-paths';
import { readJsonFile } from './json-file';
import { packageProblem } from './package-problems';
import { MANIFEST_FILE } from './read-container';
import { fileSha256 } from './sha256';
import { zodProblems } from './zod-problems';

export const IMAGES_FOLDER = 'images/';
const GROUP_FILE_NAMES = new Set(Object.values(PACKAGE_GROUP_FILES));

function allowed(path: string): boolean {
  return GROUP_FILE_NAMES.has(path) || (path.startsWith(IMAGES_FOLDER) && path.length > IMAGES_FOLDER.length);
}

/** `files` as written, even when some of its hashes are malformed (those are the schema's problems). */
function listedFiles(value: unknown): Record<string, unknown> | null {
  const files = (value as { files?: unknown } | null)?.files;
  return files !== null && typeof files === 'object' && !Array.isArray(files)
    ? (files as Record<string, unknown>)
    : null;
}

function checkListing(container: ContainerFiles, listed: Record<string, unknown>, problems: PackageProblem[]): void {
  for (const [path, expected] of Object.entries(listed)) {
    if (!isPlainPath(path)) {
      problems.push(packageProblem('unsafe-path', { file: path, field: `files.${path}` }));
      continue;
    }
    const bytes = container.files.get(path);
    if (bytes) {
      const actual = fileSha256(bytes);
      if (typeof expected === 'string' && /^[0-9a-f]{64}$/.test(expected) && actual !== expected)
        problems.push(packageProblem('hash-mismatch', { file: path }, { expected, actual }));
    } else if (!container.refused.has(path)) {
      problems.push(packageProblem('file-missing', { file: path }));
    }
  }
  for (const path of [...container.files.keys(), ...container.refused]) {
    if (path !== MANIFEST_FILE && !Object.hasOwn(listed, path)) {
      problems.push(packageProblem('file-not-listed', { file: path }));
    }
  }
}

export interface ManifestRead {
  /** The manifest when it is valid, else null (its problems are in `problems`). */
  readonly manifest: PackageManifest | null;
  readonly problems: PackageProblem[];
  /** The paths the manifest lists (as written), for the checks that would otherwise repeat `file-missing`. */
  readonly listed: ReadonlySet<string>;
}

export function readManifest(container: ContainerFiles): ManifestRead {
  const problems: PackageProblem[] = [];
  const bytes = container.files.get(MANIFEST_FILE);
  let manifest: PackageManifest | null = null;
  let listed: Record<string, unknown> = {};
  if (bytes) {
    const json = readJsonFile(MANIFEST_FILE, bytes);
    if (!json.ok) problems.push(json.problem);
    else {
      const parsed = ManifestSchema.safeParse(json.value);
      if (parsed.success) manifest = parsed.data;
      else problems.push(...zodProblems(MANIFEST_FILE, json.value, parsed.error.issues));
      // The file list is checked even when another manifest field (or one of its hashes) is wrong.
      listed = listedFiles(json.value) ?? {};
      checkListing(container, listed, problems);
    }
  }

  const paths = new Set([...container.files.keys(), ...container.refused]);
  paths.delete(MANIFEST_FILE);
  for (const path of paths) {
    if (!allowed(path)) problems.push(packageProblem('file-not-allowed', { file: path }));
  }
  for (const group of CATEGORY_GROUPS) {
    const file = PACKAGE_GROUP_FILES[group];
    if (paths.has(file)) continue;
    const listed = problems.some((p) => p.code === 'file-missing' && p.file === file);
    if (!listed) problems.push(packageProblem('group-file-missing', { file }, { group }));
  }
  return { manifest, problems, listed: new Set(Object.keys(listed)) };
}
