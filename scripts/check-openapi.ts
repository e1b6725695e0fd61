/**
 * Checks the OpenAPI document third parties generate clients from (decision 0019). Exits non-zero when:
 * 1. the document served at `/docs/json` by an app built in-process (on a temporary SQLite database, as the tests
 *    build it) has gaps a generated client cannot trust (src/server/plugins/openapi-audit.ts): it lists each
 *    operation and what it lacks;
 * 2. the TypeScript types openapi-typescript generates from it, written to a temporary folder, no longer type-check
 *    scripts/api-client-check/program.ts (tsc, strict): a response changed shape, or a route's codes changed.
 *
 *   npm run api:check
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { auditOpenApi, formatApiProblems, type OpenApiDocument } from '../src/server/plugins/openapi-audit';
import { createTestApp } from '../src/server/test/test-app';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROGRAM = path.join(ROOT, 'scripts/api-client-check/program.ts');
/** The module name the program imports the generated types from. */
const TYPES_MODULE = 'anglerdex-api';

async function servedDocument(): Promise<OpenApiDocument> {
  // The document does not depend on the database: always a temporary SQLite file, whatever the shell points at.
  delete process.env.TEST_DATABASE_URL;
  delete process.env.TEST_REDIS_URL;
  const ctx = await createTestApp({ seed: false });
  try {
    const res = await ctx.app.inject('/docs/json');
    if (res.statusCode !== 200) throw new Error(`/docs/json answered ${res.statusCode}: ${res.body}`);
    return res.json() as OpenApiDocument;
  } finally {
    await ctx.close();
  }
}

/** tsc's complaints about the program compiled against the document's types, or '' when it compiles. */
async function clientCheck(document: OpenApiDocument): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-api-types-'));
  try {
    const types = path.join(dir, 'api.d.ts');
    writeFileSync(types, astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])));
    // The repository's strict options; only the program and the generated module, so no other project is involved.
    const tsconfig = {
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: {
        lib: ['ES2023'],
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
        paths: { [TYPES_MODULE]: [types] },
      },
      files: [PROGRAM],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout || error);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const document = await servedDocument();
const operations = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0);
let failed = false;

const problems = auditOpenApi(document);
if (problems.length) {
  failed = true;
  console.error(`/docs/json: what a generated client cannot trust, by operation\n\n${formatApiProblems(problems)}\n`);
} else console.log(`/docs/json: ${operations} operations, every one documented and typed.`);

const complaints = await clientCheck(document);
if (complaints) {
  failed = true;
  console.error(
    `The generated types no longer fit ${path.relative(ROOT, PROGRAM)}: a response or its codes changed.\n` +
      'If the change is meant, update the program (third-party clients change the same way); otherwise fix the ' +
      `route.\n\n${complaints}`,
  );
} else console.log(`Generated types: ${path.relative(ROOT, PROGRAM)} compiles against them.`);

process.exit(failed ? 1 : 0);
