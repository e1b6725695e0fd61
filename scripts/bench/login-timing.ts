/**
 * Login timing: a wrong password for an unknown address must cost what it costs for a known one, or the answer time
 * tells an attacker which addresses have accounts (docs/account-api.md §4.1). Unknown users spend one argon2id
 * verification against a dummy hash; this measures that both paths really take the same time on this machine.
 * The unit suite proves the mechanism without a clock (features/auth/login-timing.test.ts).
 *
 *   npx tsx scripts/bench/login-timing.ts        (part of `npm run bench`; TEST_DATABASE_URL selects PostgreSQL)
 *
 * Exits 1 when the two sides differ by more than 10 %.
 */
import { loginRequest, register, uniqueEmail } from '../../src/server/test/accounts';
import { createTestApp } from '../../src/server/test/test-app';

const ROUNDS = 60;
const LIMIT = 0.1;

// No rate limits: the bench fails one account's password many times from one address.
const ctx = await createTestApp({
  seed: false,
  env: { AUTH_IP_PER_MINUTE: '1000000', AUTH_ACCOUNT_PER_15MIN: '1000000' },
});
try {
  const time = async (username: string): Promise<number> => {
    const start = process.hrtime.bigint();
    const res = await loginRequest(ctx.app, username, 'definitely-wrong');
    if (res.statusCode !== 400) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  /** Mean of the fastest quarter: other work on the machine only ever adds time, so the fast end is the path. */
  const fastQuarter = (values: number[]): number => {
    const fastest = [...values].sort((a, b) => a - b).slice(0, Math.ceil(values.length / 4));
    return fastest.reduce((sum, v) => sum + v, 0) / fastest.length;
  };
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  const known = await register(ctx.app);
  // Warm-up: the first verification also builds the dummy hash, and the JIT settles.
  for (let i = 0; i < 3; i++) {
    await time(known.email);
    await time(uniqueEmail('warm'));
  }
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  // Interleaved, alternating which goes first, so drifts in machine load hit both sides alike.
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      knownMs.push(await time(known.email));
      unknownMs.push(await time(uniqueEmail('timing')));
    } else {
      unknownMs.push(await time(uniqueEmail('timing')));
      knownMs.push(await time(known.email));
    }
  }
  const ratio = fastQuarter(unknownMs) / fastQuarter(knownMs);
  const row = (label: string, values: number[]) =>
    `${label.padEnd(22)} fastest quarter ${fastQuarter(values).toFixed(1)} ms, median ${median(values).toFixed(1)} ms`;
  console.log(`login timing, ${ROUNDS} wrong-password logins each`);
  console.log(row('known address', knownMs));
  console.log(row('unknown address', unknownMs));
  const ok = Math.abs(ratio - 1) <= LIMIT;
  console.log(`ratio unknown/known ${ratio.toFixed(3)} (allowed ${1 - LIMIT}–${1 + LIMIT}): ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await ctx.close();
}
