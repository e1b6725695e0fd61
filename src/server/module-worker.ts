/**
 * Starts a worker thread on one of our modules, from the TypeScript sources or from the bundle: the catch-commit
 * thread (catch-store/catch-commit-thread.ts) and the demo catch generators (demo/activity/catch-generators.ts).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// From the TypeScript sources (tsx, Vitest) the worker is a .ts module: this script registers tsx's loader in the
// worker, then imports it. The bundle has it as plain JavaScript, an entry of its own (scripts/build-server.mjs).
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then(({ register }) => { register(); return import(workerData.module); })
  .catch((error) => { setImmediate(() => { throw error; }); });
`;

/**
 * `name`: the worker module's file name without extension, in the folder of `callerUrl` (the caller's
 * `import.meta.url`) in the sources, and `dist/server/<name>.js` in the bundle.
 */
export function startModuleWorker(callerUrl: string, name: string, workerData: object): Worker {
  const here = fileURLToPath(callerUrl);
  if (here.endsWith('.ts')) {
    const module = pathToFileURL(path.join(path.dirname(here), `${name}.ts`)).href;
    // tsx's ES module API, found from here (an evaluated script has no folder to resolve from).
    const tsx = import.meta.resolve('tsx/esm/api');
    return new Worker(FROM_SOURCES, { eval: true, workerData: { ...workerData, tsx, module } });
  }
  // The worker sits beside server.js; the caller's code may be in dist/server/chunks/.
  const dir = path.dirname(here);
  const dist = path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
  return new Worker(path.join(dist, `${name}.js`), { workerData });
}
