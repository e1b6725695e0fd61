// Bundles the server into dist/server/server.js. Packages stay external (installed node_modules), so the bundle
// holds only our code; `#shared/*` imports and TypeScript are resolved by esbuild. Code splitting turns each dynamic
// import() into a chunk of its own under dist/server/chunks/, read from disk only when the import runs: the demo
// world generator, its world data and the map painter stay out of a production start.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const OUT = 'dist/server';
/** Modules that must never load at start: a start only reaches them through demo-on-start's dynamic import. */
const DEMO_ONLY =
  /^src\/server\/demo\/(world|painter|water)\/|^src\/server\/demo\/(generate-world|render-images|seed-demo-world)\.ts$/;

// Chunk names carry content hashes: clear the old ones so the folder holds only what the entry can load.
await rm(OUT, { recursive: true, force: true });
const { metafile } = await build({
  // Worker threads' modules are entries of their own (src/server/module-worker.ts): the catch-commit thread
  // (catch-store/catch-commit-thread.ts) and the demo catch generators of a bulk seed (demo/activity/catch-generators.ts).
  entryPoints: {
    server: 'src/server/server.ts',
    'catch-commit-worker': 'src/server/catch-store/catch-commit-worker.ts',
    'catch-generator-worker': 'src/server/demo/activity/catch-generator-worker.ts',
  },
  outdir: OUT,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// Everything the entry loads by static imports, chunk by chunk: none of it may be demo code.
const entry = `${OUT}/server.js`;
const atStart = new Set();
for (const queue = [entry]; queue.length > 0;) {
  const file = queue.pop();
  if (atStart.has(file)) continue;
  atStart.add(file);
  for (const imported of metafile.outputs[file]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
  }
}
const loadedAtStart = [...atStart].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
const leaked = loadedAtStart.filter((input) => DEMO_ONLY.test(input));
if (leaked.length > 0) {
  throw new Error(`demo code would load at every start (import it dynamically): ${leaked.join(', ')}`);
}
const workers = [`${OUT}/catch-commit-worker.js`, `${OUT}/catch-generator-worker.js`];
const chunks = Object.keys(metafile.outputs).filter(
  (file) => file.endsWith('.js') && !atStart.has(file) && !workers.includes(file),
);
console.log(
  `built ${entry} and ${workers.join(', ')} (${chunks.length} chunk(s) loaded on demand: ${chunks.join(', ')})`,
);
