/**
 * The three JWTs of the account API (docs/account-api.md §3), HS256 with `jose`:
 * - access: `{sub, aud:["fastapi-users:auth"], exp}` plus `jti` (logout revokes it) and `ver` (the user's token
 *   version: a password change bumps it, revoking every older token);
 * - reset: `{sub, password_fgpt, aud:"fastapi-users:reset", exp}`: the fingerprint is an HMAC of the stored hash,
 *   so any password change kills every outstanding reset token (single use);
 * - verify: `{sub, email, aud:"fastapi-users:verify", exp}`.
 * Each kind has its own key derived from JWT_SECRET, on top of the audience check.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

const AUDIENCE = { access: 'fastapi-users:auth', reset: 'fastapi-users:reset', verify: 'fastapi-users:verify' };
const RESET_LIFETIME = 3600;
const VERIFY_LIFETIME = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
  /** Absent on tokens issued before revocation existed (e.g. by the Python server): treated as version 0. */
  version: number;
  jti: string | null;
  /** Unix seconds. A token without `exp` is refused (contract: departures; quirk 9 is not copied). */
  exp: number;
}

function deriveKey(secret: string, purpose: string): Uint8Array {
  return createHmac('sha256', secret).update(`anglerdex:${purpose}`).digest();
}

export class TokenService {
  private readonly accessKey: Uint8Array;
  private readonly resetKey: Uint8Array;
  private readonly verifyKey: Uint8Array;

  constructor(
    secret: string,
    private readonly accessLifetime: number,
  ) {
    // The access key is the secret itself, so tokens of a FastAPI Users server sharing JWT_SECRET stay valid.
    this.accessKey = new TextEncoder().encode(secret);
    this.resetKey = deriveKey(secret, 'reset');
    this.verifyKey = deriveKey(secret, 'verify');
  }

  async issueAccess(userId: string, version: number): Promise<{ token: string; jti: string; exp: number }> {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + this.accessLifetime;
    const token = await new SignJWT({ ver: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience([AUDIENCE.access])
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(this.accessKey);
    return { token, jti, exp };
  }

  /**
   * The claims of a valid access token, or null (bad signature, algorithm, audience, expiry or none, `crit`,
   * subject).
   */
  async readAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, this.accessKey, AUDIENCE.access);
    if (!payload) return null;
    const ver = payload.ver;
    if (ver !== undefined && (typeof ver !== 'number' || !Number.isInteger(ver))) return null;
    return {
      userId: payload.sub!,
      version: ver ?? 0,
      jti: typeof payload.jti === 'string' ? payload.jti : null,
      exp: payload.exp!,
    };
  }

  fingerprint(hashedPassword: string): string {
    return createHmac('sha256', this.resetKey).update(hashedPassword).digest('base64url');
  }

  issueReset(userId: string, hashedPassword: string): Promise<string> {
    return new SignJWT({ password_fgpt: this.fingerprint(hashedPassword) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(AUDIENCE.reset)
      .setExpirationTime(Math.floor(Date.now() / 1000) + RESET_LIFETIME)
      .sign(this.resetKey);
  }

  async readReset(token: string): Promise<{ userId: string; fingerprint: string } | null> {
    const payload = await this.verify(token, this.resetKey, AUDIENCE.reset);
    if (!payload || typeof payload.password_fgpt !== 'string') return null;
    return { userId: payload.sub!, fingerprint: payload.password_fgpt };
  }

  /** Whether a reset token's fingerprint still matches the stored hash (it does not after any password change). */
  fingerprintMatches(fingerprint: string, hashedPassword: string): boolean {
    const expected = Buffer.from(this.fingerprint(hashedPassword));
    const given = Buffer.from(fingerprint);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  issueVerify(userId: string, email: string): Promise<string> {
    return new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(AUDIENCE.verify)
      .setExpirationTime(Math.floor(Date.now() / 1000) + VERIFY_LIFETIME)
      .sign(this.verifyKey);
  }

  async readVerify(token: string): Promise<{ userId: string; email: string } | null> {
    const payload = await this.verify(token, this.verifyKey, AUDIENCE.verify);
    if (!payload || typeof payload.email !== 'string') return null;
    return { userId: payload.sub!, email: payload.email };
  }

  private async verify(token: string, key: Uint8Array, audience: string): Promise<JWTPayload | null> {
    if (!token) return null;
    try {
      // Only HS256 (never `none`); `aud` may be a string or an array containing it; `exp` must be there and in the
      // future: a token without one would be valid forever.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience, requiredClaims: ['exp'] });
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
