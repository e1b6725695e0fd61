/**
 * Identifiers people read and type: activation keys for the partner site and order numbers. Crockford's base32
 * (digits and capitals without I, L, O, U) so a key read aloud or copied by hand has no look-alike characters.
 */
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` base32 characters of fresh randomness from the OS (5 bits each). */
export function randomBase32(length: number): string {
  const bytes = randomBytes(Math.ceil((length * 5) / 8));
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      bits -= 5;
      out += CROCKFORD[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** Characters of an activation key: 28 × 5 = 140 bits (the rule asks for at least 128). */
export const ACTIVATION_KEY_CHARS = 28;

/** A partner-site activation key: `7K3Q-X9M2-…`, seven groups of four. */
export function newActivationKey(): string {
  return randomBase32(ACTIVATION_KEY_CHARS).match(/.{4}/g)!.join('-');
}

/**
 * An order number: the UTC time to the second (orders sort and read by time in support) and 10 random characters
 * (50 bits), e.g. `20261123100000K7Q2M9XDAB`.
 */
export function newOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/\D/g, '');
  return `${stamp}${randomBase32(10)}`;
}

/** A random id of the local provider (`evt_local_…`, `sub_local_…`): 130 bits. */
export function localId(prefix: string): string {
  return `${prefix}_${randomBase32(26).toLowerCase()}`;
}
