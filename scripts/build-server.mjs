// Bundles the server into dist/server/server.js. Packages stay external (installed node_modules), so the bundle
// holds only our code; `#shared/*` imports and TypeScript are resolved by esbuild.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/server.ts'],
  outfile: 'dist/server/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/server/server.js');
