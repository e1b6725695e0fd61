/**
 * The unsubscribe link of an alert e-mail (decision 0036): a JWT (HS256, `jose`) naming the member, signed with a key
 * derived from JWT_SECRET for this purpose alone and carrying its own audience, so it can never pass for an access,
 * reset or verification token, nor one of those for it. It works without logging in, for `UNSUBSCRIBE_LINK_DAYS`, and
 * turns off every alert e-mail of the account (not one follow's): whoever wants no more mail gets none with one click.
 * Using it twice is harmless. Tampered → `UNSUBSCRIBE_LINK_INVALID`, too old → `UNSUBSCRIBE_LINK_EXPIRED` (both 400).
 */
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ALERT_ERRORS, UNSUBSCRIBE_LINK_DAYS } from '#shared/alert-rules';
import { DomainError } from '../../domain-error';

const AUDIENCE = 'anglerdex:alerts-unsubscribe';
const LIFETIME_SECONDS = UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60;

export class UnsubscribeLinks {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('anglerdex:alerts-unsubscribe').digest();
  }

  /** A token for the member's unsubscribe link. */
  issue(userId: string): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The member a token names; a `DomainError` (invalid) for a tampered, foreign or expired one. */
  async read(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.clock()),
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 36) throw invalid();
      return payload.sub;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new DomainError('invalid', ALERT_ERRORS.linkExpired);
      throw invalid();
    }
  }
}

const invalid = () => new DomainError('invalid', ALERT_ERRORS.linkInvalid);
