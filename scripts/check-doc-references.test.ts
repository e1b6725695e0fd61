import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { comments, docReferenceProblems } from './check-doc-references';

let dir: string | null = null;

/** A repository on disk holding these files (path → text), removed after the test. */
function repository(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-references-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const DESIGN = '# Design\n\n## 1. What a user gets\n\n## 4. API\n\n### 4.2 Conventions\n\n## 5. Rules\n';
const ACCOUNT = '# Account API\n\n## 2. Routes\n\n### 2.1 Register\n\n### 2.9 Patch\n\n### 2.10 Superuser\n';

describe('doc reference check', () => {
  it('accepts citations of documents and sections that exist, in code comments and in docs', () => {
    const root = repository({
      'docs/design.md': DESIGN,
      'docs/account-api.md': ACCOUNT,
      'docs/decisions/0001-stack.md': 'We follow docs/design.md §4 and [the design](../design.md) §5.\n',
      'src/server/app.ts': [
        '/** The API (docs/design.md §4, §5; docs/account-api.md §2.1–2.10), see README.md. */',
        'export const x = 1; // docs/design.md §4.2 and §1',
        '',
      ].join('\n'),
      'src/client/theme.tsx':
        '// Mantine spacing.md is a theme size, not a file.\nexport const y = <div>{/* docs/design.md §1 */}</div>;\n',
      'README.md': 'See `docs/design.md` §1 and https://example.com/guide/DESIGN.md.\n',
    });
    expect(docReferenceProblems(root)).toEqual([]);
  });

  it('refuses the old documents beside the repository and their short names, naming file and line', () => {
    const root = repository({
      'docs/design.md': DESIGN,
      'src/server/plugins/errors.ts': [
        'export const a = 1;',
        '/**',
        ' * The error shape (DESIGN §4), as contracts/auth-api.md §1.4 says; see ../shared/DESIGN.md.',
        ' */',
        'export const b = 2; // spec §8, contract §2.1',
        '',
      ].join('\n'),
      'docs/logger-api.md': 'The wire contract is `/work/shared/contracts/catch-data-api.md` §1.\n',
    });
    expect(docReferenceProblems(root)).toEqual([
      'docs/logger-api.md:1: "/work/shared/contracts/catch-data-api.md" is outside the repository: cite the document in docs/ instead',
      'src/server/plugins/errors.ts:3: "../shared/DESIGN.md" is outside the repository: cite the document in docs/ instead',
      'src/server/plugins/errors.ts:3: "DESIGN §" names no document: cite its path, e.g. "docs/design.md §4"',
      'src/server/plugins/errors.ts:3: "contracts/auth-api.md" is no file of the repository',
      'src/server/plugins/errors.ts:5: "spec §" names no document: cite its path, e.g. "docs/design.md §4"',
      'src/server/plugins/errors.ts:5: "contract §" names no document: cite its path, e.g. "docs/design.md §4"',
    ]);
  });

  it('refuses a section the cited document does not have, ranges and lists included', () => {
    const root = repository({
      'docs/design.md': DESIGN,
      'docs/account-api.md': ACCOUNT,
      'scripts/tool.ts': '// docs/design.md §6\n// docs/account-api.md §2.1–2.11, §3 and §2.9\nexport {};\n',
      'docs/notes.md': 'Budgets: [design](design.md) §4.3.\n',
    });
    expect(docReferenceProblems(root)).toEqual([
      'docs/notes.md:1: docs/design.md has no section 4.3 (cited as "design.md §4.3")',
      'scripts/tool.ts:1: docs/design.md has no section 6 (cited as "docs/design.md §6")',
      'scripts/tool.ts:2: docs/account-api.md has no section 2.11 (cited as "docs/account-api.md §2.11")',
      'scripts/tool.ts:2: docs/account-api.md has no section 3 (cited as "docs/account-api.md §3")',
    ]);
  });

  it('refuses a Markdown link or path to a document that is not there', () => {
    const root = repository({
      'docs/decisions/0002-x.md': 'See [0001](0001-stack.md) and docs/BENCHMARKS.md.\n',
      'tests/e2e/a.spec.ts': '// Budgets in docs/PERFORMANCE.md.\nexport {};\n',
    });
    expect(docReferenceProblems(root)).toEqual([
      'docs/decisions/0002-x.md:1: "0001-stack.md" is no file of the repository',
      'docs/decisions/0002-x.md:1: "docs/BENCHMARKS.md" is no file of the repository',
      'tests/e2e/a.spec.ts:1: "docs/PERFORMANCE.md" is no file of the repository',
    ]);
  });

  it('reads only comments in code: strings and test data may spell the old forms', () => {
    const root = repository({
      'src/shared/data.ts': [
        "export const fixture = '../shared/DESIGN.md §4, spec §2';",
        'export const template = `contract §1 ${fixture}`; /* but not here: DESIGN §2 */',
        '',
      ].join('\n'),
    });
    expect(docReferenceProblems(root)).toEqual([
      'src/shared/data.ts:2: "DESIGN §" names no document: cite its path, e.g. "docs/design.md §4"',
    ]);
  });

  it('finds every comment of a file, wherever it stands', () => {
    const text = [
      '#!/usr/bin/env node',
      '// one',
      'const a = { b: 1, /* two */ };',
      'function f() {',
      '  return 1;',
      '  // three, before the closing brace',
      '}',
      'const e = <div>{/* four */}</div>;',
      'const t = `${a} // not a comment`;',
      '// five, at the end',
      '',
    ].join('\n');
    expect(comments('x.tsx', text).map((chunk) => [chunk.line, chunk.text])).toEqual([
      [2, '// one'],
      [3, '/* two */'],
      [6, '// three, before the closing brace'],
      [8, '/* four */'],
      [10, '// five, at the end'],
    ]);
  });
});
