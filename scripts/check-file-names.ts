/**
 * Kebab-case names (docs/design.md §2) for every folder and file under src/, scripts/ and tests/: `fish-card.tsx`,
 * `auth.routes.test.ts`, `fish-card.module.css`, `0001-catalogue.ts`. A script rather than an ESLint plugin because
 * ESLint sees only the code files, and the locale JSON, CSS modules, HTML and SVG files need the same rule.
 * Dot-files (`.gitkeep`) are not names in this sense and are skipped. Run by `npm run lint`.
 *
 *   tsx scripts/check-file-names.ts [folder…]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHECKED_FOLDERS = ['src', 'scripts', 'tests'];

const WORD = '[a-z0-9]+(?:-[a-z0-9]+)*';
const FOLDER_NAME = new RegExp(`^${WORD}$`);
/** A kebab-case stem, then one or more dotted parts (`.routes`, `.test`, `.d`, `.ts`), each kebab-case too. */
const FILE_NAME = new RegExp(`^${WORD}(?:\\.${WORD})+$`);

export function isKebabName(name: string, isFolder: boolean): boolean {
  return (isFolder ? FOLDER_NAME : FILE_NAME).test(name);
}

/** Paths (relative to `root`, with `/`) whose own name is not kebab-case, folders included. */
export function fileNameProblems(root: string, folders: readonly string[] = CHECKED_FOLDERS): string[] {
  const problems: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = `${relative}/${entry.name}`;
      if (!isKebabName(entry.name, entry.isDirectory())) problems.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return problems.sort();
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const folders = process.argv.length > 2 ? process.argv.slice(2) : CHECKED_FOLDERS;
  const problems = fileNameProblems(root, folders);
  if (problems.length > 0) {
    console.error(`file names: ${problems.length} not in kebab-case (e.g. fish-card.tsx, auth.routes.ts):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.log(`file names: all kebab-case in ${folders.join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
