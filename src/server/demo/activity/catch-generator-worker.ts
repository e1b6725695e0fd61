/**
 * A demo catch generator thread (catch-generators.ts starts it): answers each chunk asked with its catches, judged by
 * the catch writer's rules, as one flat list of row values.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ChunkAnswer, type ChunkRequest, generateChunk, type GeneratorSettings } from './catch-generators';

const settings = workerData as GeneratorSettings;
const port = parentPort!;

port.on('message', ({ id, request }: { id: number; request: ChunkRequest }) => {
  port.postMessage({ id, ...generateChunk(request, settings) } satisfies ChunkAnswer);
});
port.postMessage({ ready: true } satisfies ChunkAnswer);
