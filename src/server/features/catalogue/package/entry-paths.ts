/**
 * Paths inside a package: what an archive entry or a manifest key may name. A path that could leave the package
 * (absolute, `..`, a backslash, a drive letter) is refused, never "cleaned": it says the archive was not made for us.
 */

/** The package-relative form of an entry name ("./a//b/" → "a/b"), or null when it is unsafe. */
export function normalizeEntryPath(raw: string): string | null {
  if (raw.length === 0 || raw.includes('\0') || raw.includes('\\')) return null;
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) return null;
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return null;
    segments.push(segment);
  }
  return segments.length > 0 ? segments.join('/') : null;
}

/** A path as a package file must be named: already in normal form (what manifest keys and `data.image` must be). */
export function isPlainPath(path: string): boolean {
  return normalizeEntryPath(path) === path;
}

/** Files that operating systems add to archives on their own; skipped, never reported. */
export function isSystemJunk(path: string): boolean {
  const segments = path.split('/');
  const last = segments[segments.length - 1] ?? '';
  return segments[0] === '__MACOSX' || last === '.DS_Store' || last === 'Thumbs.db';
}
