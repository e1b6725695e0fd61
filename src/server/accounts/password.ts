/**
 * Password hashing as FastAPI Users does it (docs/account-api.md §4.2): new hashes are argon2id with argon2-cffi's
 * defaults (m=65536, t=3, p=4); bcrypt hashes from older deployments still verify and are upgraded, as are argon2
 * hashes with other parameters. Unknown users cost the same verification time (§4.1), so login timing reveals nothing.
 */
import { hash, parseOptions, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

const ARGON2 = { memoryCost: 65_536, timeCost: 3, parallelism: 4, outputLen: 32 } as const;
const BCRYPT = /^\$2[abxy]\$\d\d\$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export interface Verification {
  valid: boolean;
  /** A fresh argon2id hash to store when the stored one is bcrypt or has outdated parameters. */
  upgraded: string | null;
}

function outdated(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      !stored.startsWith('$argon2id$') ||
      options.memoryCost !== ARGON2.memoryCost ||
      options.timeCost !== ARGON2.timeCost ||
      options.parallelism !== ARGON2.parallelism
    );
  } catch {
    return true;
  }
}

export async function verifyPassword(stored: string, password: string): Promise<Verification> {
  if (BCRYPT.test(stored)) {
    // bcrypt reads at most 72 bytes; longer passwords are refused at set time, so comparing is safe.
    const valid = await bcrypt.compare(password, stored.replace(/^\$2[xy]\$/, '$2b$'));
    return { valid, upgraded: valid ? await hashPassword(password) : null };
  }
  if (!stored.startsWith('$argon2')) return { valid: false, upgraded: null };
  const valid = await verify(stored, password).catch(() => false);
  return { valid, upgraded: valid && outdated(stored) ? await hashPassword(password) : null };
}

// A real hash with today's parameters, made once: verifying against it costs what a wrong password costs.
let dummy: Promise<string> | null = null;

/** Spends one verification's time for a login whose user does not exist (Django ticket 20760). */
export async function spendVerificationTime(password: string): Promise<void> {
  dummy ??= hashPassword('anglerdex-timing-equaliser');
  await verify(await dummy, password).catch(() => false);
}
