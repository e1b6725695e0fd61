/**
 * `npm run records:import -- FILE`: imports official records from a CSV file (header row) or a JSON array into the
 * configured database (`DATA_DIR` / `DATABASE_URL`), through the same writer and rules as `POST /api/records/import`,
 * 500 records per transaction. Idempotent by `source_id`: running it again with the same file creates nothing.
 * Prints the counts and every refused record; exits 1 when some were refused, 2 when the file cannot be read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cliLog } from '../../cli-log';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { createServices } from '../../services';
import { parseRecordsFile, RecordsFileError } from './records-file';
import { importRecords } from './records-import';

const { positionals } = parseArgs({ allowPositionals: true });

function fail(message: string): never {
  console.error(`records:import: ${message}`);
  process.exit(2);
}

const fileName = positionals[0];
if (!fileName || positionals.length > 1) fail('usage: npm run records:import -- FILE (CSV with a header row, or JSON)');

let text: string;
try {
  text = await readFile(fileName, 'utf8');
} catch (error) {
  fail(`cannot read ${fileName}: ${(error as Error).message}`);
}
let file: ReturnType<typeof parseRecordsFile>;
try {
  file = parseRecordsFile(fileName, text);
} catch (error) {
  if (error instanceof RecordsFileError) fail(`${path.basename(fileName)}: ${error.message}`);
  throw error;
}

const config = loadConfig();
const db = await openDatabase(config.database);
let refused = 0;
try {
  await migrateToLatest(db);
  // The composition root builds the writer with the catalogue snapshot, as the server does.
  const services = await createServices(db, config, cliLog);
  try {
    const summary = await importRecords(services.catchWriter, file, {
      onBatch: (done, total) => process.stderr.write(`\r${done} / ${total} records`),
    });
    if (file.items.length > 0) process.stderr.write('\n');
    const where = fileName.toLowerCase().endsWith('.csv') ? 'line' : 'record';
    for (const problem of summary.problems) {
      const reasons = problem.errors.map((e) => (e.field ? `${e.field}: ${e.msg}` : e.msg)).join('; ');
      console.log(`${where} ${problem.line} (${problem.source_id ?? 'no valid source_id'}): ${reasons}`);
    }
    console.log(
      `${file.items.length} records: ${summary.created} created, ${summary.duplicates} duplicates, ${summary.invalid} invalid`,
    );
    refused = summary.invalid;
  } finally {
    await services.close();
  }
} finally {
  await db.close();
}
if (refused > 0) process.exitCode = 1;
