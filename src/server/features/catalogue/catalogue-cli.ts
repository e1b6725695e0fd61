/**
 * The operator's catalogue commands (docs/catalogue-format.md), on the configured database (`DATA_DIR` /
 * `DATABASE_URL`), through the same importer as the admin page:
 *
 * - `npm run catalogue:import -- PATH [--dry-run]`: loads the package (a folder, `.zip` or `.tar.gz`), prints
 *   every problem (`file, item id, field: message`), the diff against the live catalogue and its impact on stored data;
 *   without `--dry-run` applies it as the next version (an unchanged package still puts back its pictures missing
 *   from DATA_DIR/media). Exit 1 when the package has problems (nothing applied).
 * - `npm run catalogue:export -- DIR`: writes the live catalogue as a package into the empty (or new) folder DIR.
 * - `npm run catalogue:rollback -- [VERSION]`: without VERSION lists the versions, one per line
 *   (`<id> <patch> <applied_at>`), changing nothing; with it applies that version's content again as a new version.
 *
 * Exit 2: wrong arguments, or a refusal that is not the package's (an unknown version, a folder that is not empty).
 */
import { parseArgs } from 'node:util';
import { cliLog } from '../../cli-log';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { DomainError } from '../../domain-error';
import { createServices } from '../../services';
import type { CatalogueApplyResult } from '#shared/contracts/catalogue-package';
import { reportLines } from './catalogue-report';
import { loadCataloguePackage } from './package/load-package';
import type { CatalogueImporter } from './package/package-types';

const USAGE = [
  'usage: npm run catalogue:import -- PATH [--dry-run]',
  '       npm run catalogue:export -- DIR',
  '       npm run catalogue:rollback -- [VERSION]',
].join('\n');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false } },
});
const [command, ...args] = positionals;

function usage(message?: string): never {
  if (message) console.error(`catalogue: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

// Arguments are checked before the database is opened.
if (command === 'import' && args.length !== 1) usage('import takes one PATH');
if (command === 'export' && args.length !== 1) usage('export takes one DIR');
if (command === 'rollback' && (args.length > 1 || (args.length === 1 && !/^[1-9][0-9]*$/.test(args[0]!))))
  usage('rollback takes at most one VERSION number');
if (command !== 'import' && command !== 'export' && command !== 'rollback')
  usage(command ? `unknown command ${command}` : undefined);

/** Who applied a version from the command line. */
const APPLIED_BY = 'cli';

function printApplied(result: CatalogueApplyResult): number {
  for (const line of reportLines(result)) console.log(line);
  if (!result.ok) {
    console.log('refused: nothing was changed');
    return 1;
  }
  if (result.version) console.log(`applied as version ${result.version.id} (patch ${result.version.patch})`);
  else console.log('nothing applied: the content is the live catalogue');
  return 0;
}

async function run(importer: CatalogueImporter): Promise<number> {
  if (command === 'import') {
    const load = await loadCataloguePackage({ path: args[0]! });
    if (values['dry-run']) {
      const report = await importer.dryRun(load);
      for (const line of reportLines(report)) console.log(line);
      return report.ok ? 0 : 1;
    }
    return printApplied(await importer.apply(load, APPLIED_BY));
  }
  if (command === 'export') {
    await importer.exportTo(args[0]!);
    const { live } = await importer.versions();
    console.log(`exported ${live === null ? 'the catalogue' : `version ${live}`} to ${args[0]}`);
    return 0;
  }
  if (command === 'rollback') {
    if (args.length === 0) {
      const { items } = await importer.versions();
      for (const v of [...items].reverse()) console.log(`${v.id} ${v.patch} ${new Date(v.applied_at).toISOString()}`);
      return 0;
    }
    return printApplied(await importer.rollback(Number(args[0]), APPLIED_BY));
  }
  return 2;
}

const config = loadConfig();
const db = await openDatabase(config.database);
let code = 0;
try {
  await migrateToLatest(db);
  const services = await createServices(db, config, cliLog);
  try {
    code = await run(services.catalogueImporter);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(`catalogue ${command}: ${error.reason ?? error.code}`);
    code = 2;
  } finally {
    await services.close();
  }
} finally {
  await db.close();
}
process.exitCode = code;
