// `npm run bench`: runs every benchmark in this folder (each *.ts but tests), one after the other so they do not
// compete for the cores, and fails when any of them fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort();
const failed = [];
for (const name of benches) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync('npx', ['tsx', path.join(dir, name)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
