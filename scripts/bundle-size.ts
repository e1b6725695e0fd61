/**
 * Measures the initial JavaScript of the built front end (budget: ≤ 170 KB gzip, docs/design.md §6): the entry chunk
 * and every chunk it imports statically, as listed in Vite's manifest. Lazy pages and widgets are not counted — they
 * load after the first paint. Also refuses zod in any chunk, lazy ones included: the client types its calls with
 * `import type` from the contracts, and a value imported from a contract file (a constant) brings the whole schema
 * library along; such constants live in zod-free files (`#shared/vip-rules`, `#shared/ai-rules`, …).
 * Run after `npm run build`: `npm run size`. Exits non-zero over budget or when a chunk holds zod.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

// zod 4's classes are named `$ZodType`, `$ZodError`, … and every schema carries `._zod`; minifying keeps both.
const ZOD = /\$Zod[A-Z]\w*|\._zod\b/;
const assets = path.join(dist, 'assets');
const withZod = readdirSync(assets).filter(
  (file) => file.endsWith('.js') && ZOD.test(readFileSync(path.join(assets, file), 'utf8')),
);
for (const file of withZod) {
  console.log(`zod in assets/${file}: a client file imports a value from a zod contract (see its .map's sources)`);
}
process.exit(totalKb <= BUDGET_KB && withZod.length === 0 ? 0 : 1);
