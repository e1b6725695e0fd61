/**
 * `npm run logger -- --url URL --clients N --rate R --duration S [--total T] [--batch B] [--late SHARE]
 * [--late-hours H] [--pace SECONDS] [--ack-file FILE]`:
 * simulated loggers against a running site (logger-simulator.ts): N batches in flight, each one logger's backlog of
 * catches `--pace` seconds apart (20: a human pace), from as many loggers as the rate needs (registered before the
 * sending when the run's size is known; a server's per-address registration limit may need raising for a long run).
 * Prints a progress line every second and what was acknowledged at the end (`--json`: one JSON line instead); exits 1
 * if any batch was given up.
 *
 * `npm run logger -- --url URL --binding-code [--token TOKEN] [--player NAME]`: what a logger shows its player who
 * wants to bind it (decision 0017): registers a logger (or uses the one of `--token`), asks for a binding code and
 * prints the logger id and the code to type into the site (user centre or registration), then exits.
 */
import { parseArgs } from 'node:util';
import {
  describeRetries,
  percentile,
  requestBindingCode,
  runLoggerSimulator,
  type SimulatorStats,
} from './logger-simulator';

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
    // Seconds between two catches of one logger: a human pace (the server allows 6 a minute and 200 an hour).
    pace: { type: 'string', default: '20' },
    timeout: { type: 'string', default: '10000' },
    'ack-file': { type: 'string' },
    prefix: { type: 'string' },
    // One JSON line at the end instead of the progress lines (the ingestion benchmark reads it).
    json: { type: 'boolean', default: false },
    'binding-code': { type: 'boolean', default: false },
    token: { type: 'string' },
    player: { type: 'string' },
  },
});

if (values['binding-code']) {
  const answer = await requestBindingCode({
    url: values.url,
    ...(values.token ? { token: values.token } : {}),
    ...(values.player ? { playerName: values.player } : {}),
  });
  if (values.json) console.log(JSON.stringify(answer));
  else {
    if (answer.client_id) console.log(`logger id:    ${answer.client_id}`);
    console.log(`binding code: ${answer.code}  (one use, valid until ${answer.expires_at})`);
    console.log("Type the logger id and the code into the site's user centre (My data) or the registration form.");
    if (answer.client_token)
      console.log(`logger token: ${answer.client_token}  (secret; --token asks this logger for another code)`);
  }
  process.exit(0);
}

const line = (s: SimulatorStats) =>
  `acknowledged ${s.acknowledged} (created ${s.created}, duplicates ${s.duplicates}), invalid ${s.invalid}, ` +
  `retries ${describeRetries(s)}, ${Math.round(s.acknowledged / Math.max(0.001, s.elapsedMs / 1000))} reports/s` +
  (s.loggers ? `, ${s.loggers} loggers` : '');

const stats = await runLoggerSimulator({
  url: values.url,
  clients: Number(values.clients),
  rate: Number(values.rate),
  duration: Number(values.duration),
  total: Number(values.total),
  batchSize: Number(values.batch),
  lateShare: Number(values.late),
  lateHours: Number(values['late-hours']),
  paceSeconds: Number(values.pace),
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
