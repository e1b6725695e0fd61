/**
 * Every document the code's comments and the docs name is in the repository, and every section they cite exists.
 * Someone who clones the repository has only it: the requirements, the design and the API contracts are
 * docs/product-requirements.md, docs/design.md, docs/account-api.md and docs/catch-data-api.md, and a comment that
 * cites a document beside the repository, or a section its document lacks, sends its reader nowhere. Refused, in the
 * comments of src/, scripts/, tests/ and the root's tool configs, and in the Markdown of docs/ and the README:
 *
 * - a Markdown path that is no file of the repository (from the root, or from the citing document's own folder);
 * - a path into the `shared` folder beside the repository (`..` then `shared`), or under `spec`;
 * - a section sign after the old documents' short names (DESIGN, spec, contract) instead of a path;
 * - a cited section that is no numbered heading of its document (ranges "§N–M" and lists "§N, §M" included).
 *
 * Only comments are read in code: strings and test data may spell anything. Run by `npm run lint`.
 *
 *   tsx scripts/check-doc-references.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const CHECKED_FOLDERS = ['src', 'scripts', 'tests', 'docs'];
const CODE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** A piece of text to check: a comment, or a whole Markdown document, with the line it starts on. */
interface Chunk {
  text: string;
  line: number;
}

/** What the check knows of the repository. */
export interface Repository {
  /** Whether a file exists, by its path from the root (with `/`). */
  exists(file: string): boolean;
  /** The numbers of a Markdown document's numbered headings (`## 4. API` → `4`, `### 2.10 …` → `2.10`). */
  sections(file: string): ReadonlySet<string>;
}

const URL_PATTERN = /\b[a-z][a-z\d+.-]*:\/\/[^\s)>\]`'"]+/gi;
/** A path ending in `.md`, not in the middle of another word or path. */
const MD_PATH = /(?<![\w/.@-])((?:\.{1,2}\/)*[\w@-][\w./@-]*\.md)\b/g;
const OUTSIDE = /(?<![\w/.-])(?:(?:\.\.\/)+shared\/[^\s)`'"]*|\/work\/shared\b[^\s)`'"]*|spec\/[\w./-]+)/g;
const OLD_NAME = /\b(DESIGN|[Ss]pec|[Cc]ontract)\s?§/g;
const SECTION = String.raw`(\d+(?:\.\d+)*)`;
/** After a `.md` path: its closing mark if any, then "§N", more "§M" after commas or "and", and "–N" ranges. */
const CITATION = new RegExp(
  String.raw`^[)\]\x60"']*\s*§\s?${SECTION}((?:\s*[–-]\s*§?\s?\d+(?:\.\d+)*|\s*(?:,|and|or)\s*§\s?\d+(?:\.\d+)*)*)`,
);
const NEEDLES = /\.md\b|§|shared\/|spec\//;
const HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm;

function lineAt(chunk: Chunk, index: number): number {
  return chunk.line + (chunk.text.slice(0, index).match(/\n/g)?.length ?? 0);
}

/** The problems of one piece of text of `file`, as `file:line: what`. */
export function chunkProblems(file: string, chunk: Chunk, repo: Repository): string[] {
  const problems: string[] = [];
  const report = (index: number, what: string) => problems.push(`${file}:${lineAt(chunk, index)}: ${what}`);
  // Web addresses name pages elsewhere, not files here; blanked so their offsets stay.
  const text = chunk.text.replace(URL_PATTERN, (url) => ' '.repeat(url.length));

  for (const match of text.matchAll(OUTSIDE)) {
    const named = match[0].replace(/[.,;:]+$/, '');
    report(match.index, `"${named}" is outside the repository: cite the document in docs/ instead`);
  }
  for (const match of text.matchAll(OLD_NAME)) {
    report(match.index, `"${match[0]}" names no document: cite its path, e.g. "docs/design.md §4"`);
  }
  for (const match of text.matchAll(MD_PATH)) {
    const cited = match[1]!;
    if (cited.startsWith('../') && /(?:^|\/)shared\//.test(cited)) continue; // reported above
    const after = text.slice(match.index + cited.length);
    // In code a bare lower-case word before `.md` is as likely a property (`theme.spacing.md`): a file name only
    // when it has a folder, a hyphen or capitals, or cites a section.
    if (!file.endsWith('.md') && !/[/A-Z-]/.test(cited) && !CITATION.test(after)) continue;
    const fromHere = path.posix.normalize(path.posix.join(path.posix.dirname(file), cited));
    const candidates = file.endsWith('.md') ? [cited, fromHere] : [cited];
    const doc = candidates
      .map((candidate) => path.posix.normalize(candidate))
      .find((candidate) => repo.exists(candidate));
    if (!doc) {
      report(match.index, `"${cited}" is no file of the repository`);
      continue;
    }
    const citation = CITATION.exec(after);
    if (!citation) continue;
    const numbers = [citation[1]!, ...(citation[2]!.match(/\d+(?:\.\d+)*/g) ?? [])];
    const sections = repo.sections(doc);
    for (const number of numbers) {
      if (!sections.has(number))
        report(match.index, `${doc} has no section ${number} (cited as "${cited} §${number}")`);
    }
  }
  return problems;
}

/**
 * The comments of a code file, each with the line it starts on. A comment lies in the trivia before a token, and the
 * parser's nodes cover every token but punctuation and keywords: so the text of a node outside its children (its
 * braces, commas, keywords and their trivia) is scanned for comments, and a token-like node only before its start.
 * Strings, templates, regular expressions and JSX text are never scanned, so a `//` inside them is no comment.
 */
export function comments(file: string, text: string): Chunk[] {
  const kind = /\.[jt]sx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: Chunk[] = [];
  const scan = (start: number, end: number) => {
    if (end <= start) return;
    scanner.resetTokenState(start);
    for (let token = scanner.scan(); scanner.getTokenStart() < end; token = scanner.scan()) {
      if (token === ts.SyntaxKind.EndOfFileToken) break;
      if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
        const pos = scanner.getTokenStart();
        found.push({
          text: text.slice(pos, scanner.getTokenEnd()),
          line: source.getLineAndCharacterOfPosition(pos).line + 1,
        });
      }
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTokenKind(node.kind) || ts.isJsxText(node)) {
      scan(node.pos, node.getStart(source));
      return;
    }
    let cursor = node.pos;
    const child = (next: ts.Node) => {
      scan(cursor, next.pos);
      visit(next);
      cursor = next.end;
    };
    ts.forEachChild(node, child, (nodes) => nodes.forEach(child));
    scan(cursor, node.end);
  };
  visit(source);
  return found;
}

/** The files checked: code and Markdown under the checked folders, the README and the tool configs at the root. */
function checkedFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (CODE.test(entry.name) || entry.name.endsWith('.md')) files.push(child);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(folder);
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && (entry.name === 'README.md' || CODE.test(entry.name))) files.push(entry.name);
  }
  return files.sort();
}

/** The repository on disk: files by path from `root`, sections read once per document. */
export function repositoryAt(root: string): Repository {
  const sections = new Map<string, ReadonlySet<string>>();
  return {
    exists: (file) =>
      !file.startsWith('../') && fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile(),
    sections(file) {
      let found = sections.get(file);
      if (!found) {
        const text = fs.readFileSync(path.join(root, file), 'utf8');
        found = new Set([...text.matchAll(HEADING)].map((match) => match[1]!));
        sections.set(file, found);
      }
      return found;
    },
  };
}

/** Every problem under `root`, as `file:line: what`. */
export function docReferenceProblems(root: string, folders: readonly string[] = CHECKED_FOLDERS): string[] {
  const repo = repositoryAt(root);
  const problems: string[] = [];
  for (const file of checkedFiles(root, folders)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    // Parsing is the slow part: a file with none of these cannot hold a reference.
    if (!NEEDLES.test(text)) continue;
    const chunks = file.endsWith('.md') ? [{ text, line: 1 }] : comments(file, text);
    for (const chunk of chunks) problems.push(...chunkProblems(file, chunk, repo));
  }
  return problems;
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = docReferenceProblems(root);
  if (problems.length > 0) {
    console.error(
      `doc references: ${problems.length} pointing nowhere (documents live in docs/, e.g. "docs/design.md §4"):`,
    );
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.log('doc references: every cited document and section exists');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
