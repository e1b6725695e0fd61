/**
 * Login must not reveal which addresses have accounts by its answer time (docs/account-api.md §4.1). Timing itself
 * is measured by `npm run bench` (scripts/bench/login-timing.ts); this proves the mechanism without a clock: a
 * wrong login runs exactly one argon2id verification, with the same cost parameters, whether the address is
 * known or not, and both answer the same bytes.
 */
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, loginRequest, register, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

// The real argon2, watched: every call still hashes and verifies for real.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());
beforeEach(() => {
  vi.mocked(argon2.verify).mockClear();
});

/** The algorithm and cost part of a PHC string: `$argon2id$v=19$m=65536,t=3,p=4`. */
const costOf = (phc: unknown): string => String(phc).split('$').slice(0, 4).join('$');

describe('login timing', () => {
  it('runs one argon2id verification for an unknown address, as costly as for a known one', async () => {
    const known = await register(ctx.app);
    // Registration hashed only; start counting from here.
    vi.mocked(argon2.verify).mockClear();

    const knownAnswer = await loginRequest(ctx.app, known.email, 'wrong-password');
    const knownCalls = vi.mocked(argon2.verify).mock.calls.slice();
    vi.mocked(argon2.verify).mockClear();
    const unknownAnswer = await loginRequest(ctx.app, uniqueEmail('nobody'), 'wrong-password');
    const unknownCalls = vi.mocked(argon2.verify).mock.calls.slice();

    expect(knownCalls).toHaveLength(1);
    expect(unknownCalls).toHaveLength(1);
    expect(costOf(knownCalls[0]?.[0])).toBe('$argon2id$v=19$m=65536,t=3,p=4');
    expect(costOf(unknownCalls[0]?.[0])).toBe(costOf(knownCalls[0]?.[0]));
    // The password given is the one verified, so its length costs the same on both paths.
    expect(knownCalls[0]?.[1]).toBe('wrong-password');
    expect(unknownCalls[0]?.[1]).toBe('wrong-password');

    expect([unknownAnswer.statusCode, unknownAnswer.body]).toEqual([knownAnswer.statusCode, knownAnswer.body]);
    expect(knownAnswer.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
  });

  it('verifies an unknown address against a real hash, so the work is not skipped', async () => {
    await loginRequest(ctx.app, uniqueEmail('nobody'), PASSWORD);
    const [[hash]] = vi.mocked(argon2.verify).mock.calls as [[string, string]];
    // A verifiable hash of today's parameters: the verification does the full memory-hard work and fails.
    expect(argon2.parseOptions(hash)).toMatchObject({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    await expect(argon2.verify(hash, PASSWORD)).resolves.toBe(false);
  });
});
