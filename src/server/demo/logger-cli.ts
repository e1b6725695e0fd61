/**
 * `npm run logger -- --url URL --clients N --rate R --duration S [--total T] [--batch B] [--late SHARE]
 * [--late-hours H] [--ack-file FILE]`:
 * simulated loggers against a running site (logger-simulator.ts). Prints a progress line every second and what was
 * acknowledged at the end (`--json`: one JSON line instead); exits 1 if any batch was given up.
 */
import { parseArgs } from 'node:util';
import { percentile, runLoggerSimulator, type SimulatorStats } from './logger-simulator';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8000' },
    clients: { type: 'string', default: '4' },
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    total: { type: 'string', default: '0' },
    batch: { type: 'string', default: '500' },
    // The share of catches uploaded late, and how late (logger-simulator.ts).
    late: { type: 'string', default: '0.05' },
    'late-hours': { type: 'string', default: '24' },
    timeout: { type: 'string', default: '10000' },
    'ack-file': { type: 'string' },
    prefix: { type: 'string' },
    // One JSON line at the end instead of the progress lines (the ingestion benchmark reads it).
    json: { type: 'boolean', default: false },
  },
});

const line = (s: SimulatorStats) =>
  `acknowledged ${s.acknowledged} (created ${s.created}, duplicates ${s.duplicates}), invalid ${s.invalid}, ` +
  `retries ${s.retries}, ${Math.round(s.acknowledged / Math.max(0.001, s.elapsedMs / 1000))} reports/s`;

const stats = await runLoggerSimulator({
  url: values.url,
  clients: Number(values.clients),
  rate: Number(values.rate),
  duration: Number(values.duration),
  total: Number(values.total),
  batchSize: Number(values.batch),
  lateShare: Number(values.late),
  lateHours: Number(values['late-hours']),
  timeoutMs: Number(values.timeout),
  ackFile: values['ack-file'],
  idPrefix: values.prefix,
  onProgress: values.json ? undefined : (s) => process.stdout.write(`\r${line(s)}   `),
});
const { batchMs, ...totals } = stats;
if (values.json)
  console.log(
    JSON.stringify({ ...totals, batches: batchMs.length, p50: percentile(batchMs, 50), p99: percentile(batchMs, 99) }),
  );
else {
  process.stdout.write('\n');
  console.log(
    `${line(stats)}; sent ${stats.sent}, given up ${stats.failed}; batch p50 ${percentile(stats.batchMs, 50)} ms, ` +
      `p99 ${percentile(stats.batchMs, 99)} ms; ${(stats.elapsedMs / 1000).toFixed(1)} s`,
  );
}
if (stats.failed > 0) process.exitCode = 1;
