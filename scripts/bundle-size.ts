/**
 * Measures the initial JavaScript of the built front end (budget: ≤ 170 KB gzip, DESIGN §6): the entry chunk and
 * every chunk it imports statically, as listed in Vite's manifest. Lazy pages and widgets are not counted — they
 * load after the first paint. Run after `npm run build`: `npm run size`. Exits non-zero over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve('dist/client');
type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const seen = new Set<string>();
function visit(key: string): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) visit(child);
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

let total = 0;
for (const key of seen) {
  const file = manifest[key]!.file;
  const gzip = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gzip;
  console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(`initial JavaScript: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
