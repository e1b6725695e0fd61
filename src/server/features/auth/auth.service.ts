/**
 * The account rules of FastAPI Users' UserManager (contract §2), in its order of checks: password rule before
 * "already exists", token before password on reset, password before e-mail on update. Plus ours: failed logins per
 * account are limited, password changes revoke tokens, e-mails go out in the user's language.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AuthErrorCode, NICKNAME_MAX_LENGTH, PASSWORD_MAX_BYTES, passwordProblem } from '#shared/account-rules';
import { isLocale, type Locale } from '#shared/locales';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { rateLimited, type CounterStore } from '../../plugins/rate-limits';
import type { Mailer } from '../mail/mailer';
import { assertBindable, clientAlreadyBound } from '../reports/client-binding';
import { LoggerClientsRepository } from '../reports/logger-clients.repository';
import { type User, type UserChanges, UsersRepository } from '../users/users.repository';
import { hashPassword, spendVerificationTime, verifyPassword } from './password';
import type { TokenService } from './tokens';

const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAIL_WINDOW_MS = 60 * 60 * 1000;
/** The users.email column's length: a longer username names no account. */
const USERNAME_MAX_LENGTH = 320;

/**
 * Counter keys name an address by a fixed-length digest of its lower-cased form: any username is accepted, and the
 * store's keys must not grow with it.
 */
function digest(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex');
}

export interface RegisterInput {
  email: string;
  password: string;
  nickname?: string;
  client_id?: string;
}

export interface UpdateInput {
  password?: string | null;
  email?: string;
  nickname?: string;
  bio?: string;
  /** Honoured only for superusers editing someone (`PATCH /users/{id}`, safe=False). */
  is_active?: boolean | null;
  is_superuser?: boolean | null;
  is_verified?: boolean | null;
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  mailer: Mailer;
  counters: CounterStore;
  failedLoginsPer15Min: number;
  /** Account e-mails (reset and verification together) one address may be sent per hour. */
  mailsPerHour: number;
  log: FastifyBaseLogger;
}

export class AccountService {
  readonly users: UsersRepository;
  private readonly clients: LoggerClientsRepository;
  /** Mails on their way out: closing the app waits for them. */
  private readonly deliveries = new Set<Promise<void>>();

  constructor(private readonly deps: AccountServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.clients = new LoggerClientsRepository(deps.db);
  }

  async register(input: RegisterInput, locale: Locale): Promise<User> {
    const problem = passwordProblem(input.password);
    if (problem) throw new HttpError(400, { code: AuthErrorCode.REGISTER_INVALID_PASSWORD, reason: problem });
    if (await this.users.findByEmail(input.email)) throw new HttpError(400, AuthErrorCode.REGISTER_USER_ALREADY_EXISTS);
    if (input.client_id) await assertBindable(this.clients, this.users, input.client_id, null);

    const user = {
      id: randomUUID(),
      email: input.email,
      hashed_password: await hashPassword(input.password),
      is_active: true,
      is_superuser: false,
      is_verified: false,
      nickname: input.nickname ?? input.email.slice(0, input.email.lastIndexOf('@')).slice(0, NICKNAME_MAX_LENGTH),
      avatar: null,
      bio: '',
      client_id: input.client_id ?? null,
      vip_expire_at: null,
      locale,
    };
    try {
      return await this.users.create(user);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: someone registered the address, or bound the logger, in the meantime.
      if (await this.users.findByEmail(input.email))
        throw new HttpError(400, AuthErrorCode.REGISTER_USER_ALREADY_EXISTS);
      throw clientAlreadyBound();
    }
  }

  /**
   * A user for these credentials, or LOGIN_BAD_CREDENTIALS; unknown users spend the same hashing time. Too many
   * attempts for one address (known or not, so the limit reveals nothing) → 429 until the window ends. The attempt is
   * counted before the password is checked: counting after would let parallel guesses all pass a check made before
   * any of them failed. A successful login clears the count, so only failures pile up.
   */
  async login(username: string, password: string): Promise<User> {
    // No account can have these (addresses are at most 320 characters, passwords at most 256 bytes): refused without
    // hashing them or touching a counter. Known and unknown addresses alike, so this reveals nothing either.
    if (username.length > USERNAME_MAX_LENGTH || Buffer.byteLength(password) > PASSWORD_MAX_BYTES)
      throw new HttpError(400, AuthErrorCode.LOGIN_BAD_CREDENTIALS);

    const failKey = `login-fail:${digest(username)}`;
    const attempt = await this.deps.counters.hit(failKey, FAILED_LOGIN_WINDOW_MS);
    if (attempt.count > this.deps.failedLoginsPer15Min) throw rateLimited(attempt.retryAfter);

    const user = await this.users.findByEmail(username);
    let valid = false;
    if (!user) await spendVerificationTime(password);
    else {
      const result = await verifyPassword(user.hashed_password, password);
      valid = result.valid;
      if (result.upgraded) await this.users.upgradeHash(user.id, user.hashed_password, result.upgraded);
    }
    if (!user || !valid || !user.is_active) throw new HttpError(400, AuthErrorCode.LOGIN_BAD_CREDENTIALS);
    await this.deps.counters.reset(failKey);
    return user;
  }

  /** Always silent (202 null): a mail goes out only to an existing, active account, within the address's limit. */
  async forgotPassword(email: string, locale: Locale | null): Promise<void> {
    if (!(await this.mailAllowed(email, 'password reset'))) return;
    const user = await this.users.findByEmail(email);
    if (!user || !user.is_active) return;
    const token = await this.deps.tokens.issueReset(user.id, user.hashed_password);
    this.deliver('password reset', () => this.deps.mailer.sendPasswordReset(this.mailTo(user, token, locale)));
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const bad = () => new HttpError(400, AuthErrorCode.RESET_PASSWORD_BAD_TOKEN);
    const claims = await this.deps.tokens.readReset(token);
    if (!claims) throw bad();
    const user = await this.users.findById(claims.userId);
    if (!user || !this.deps.tokens.fingerprintMatches(claims.fingerprint, user.hashed_password)) throw bad();
    if (!user.is_active) throw bad();
    const problem = passwordProblem(password);
    if (problem) throw new HttpError(400, { code: AuthErrorCode.RESET_PASSWORD_INVALID_PASSWORD, reason: problem });
    // Conditional on the hash the token was made for: of two simultaneous resets, exactly one gets through.
    if (!(await this.users.changePassword(user.id, user.hashed_password, await hashPassword(password)))) throw bad();
  }

  /** Always silent (202 null): a mail goes out only to an existing, active, unverified account, within the limit. */
  async requestVerify(email: string, locale: Locale | null): Promise<void> {
    if (!(await this.mailAllowed(email, 'verification'))) return;
    const user = await this.users.findByEmail(email);
    if (!user || !user.is_active || user.is_verified) return;
    const token = await this.deps.tokens.issueVerify(user.id, user.email);
    this.deliver('verification', () => this.deps.mailer.sendVerification(this.mailTo(user, token, locale)));
  }

  async verify(token: string): Promise<User> {
    const bad = () => new HttpError(400, AuthErrorCode.VERIFY_USER_BAD_TOKEN);
    const claims = await this.deps.tokens.readVerify(token);
    if (!claims) throw bad();
    const user = await this.users.findByEmail(claims.email);
    if (!user || user.id !== claims.userId) throw bad();
    if (user.is_verified || !(await this.users.markVerified(user.id)))
      throw new HttpError(400, AuthErrorCode.VERIFY_USER_ALREADY_VERIFIED);
    return { ...user, is_verified: true };
  }

  /**
   * FastAPI Users' `_update`, fields in schema order: password (validated first, so its error wins), then e-mail
   * (any user with it in any case, even this one → 400; a new address makes the user unverified), then ours.
   * `privileged` is the superuser route, which may also set the three flags.
   */
  async update(user: User, input: UpdateInput, privileged: boolean): Promise<User> {
    const changes: UserChanges = {};
    if (input.password != null) {
      const problem = passwordProblem(input.password);
      if (problem) throw new HttpError(400, { code: AuthErrorCode.UPDATE_USER_INVALID_PASSWORD, reason: problem });
    }
    if (input.email !== undefined && input.email !== user.email) {
      if (await this.users.findByEmail(input.email))
        throw new HttpError(400, AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS);
      changes.email = input.email;
      changes.is_verified = false;
    }
    if (privileged) {
      for (const flag of ['is_active', 'is_superuser', 'is_verified'] as const) {
        const value = input[flag];
        if (value != null) changes[flag] = value;
      }
    }
    if (input.nickname !== undefined) changes.nickname = input.nickname;
    if (input.bio !== undefined) changes.bio = input.bio;

    try {
      // Hashed only once every check has passed: a refused request costs no argon2 run.
      // Unconditional, as in FastAPI Users: a concurrent change (another password change, a login upgrading a
      // bcrypt hash) is no error of the client's, the last change wins. A user deleted meanwhile → 404 below.
      if (input.password != null)
        await this.users.changePassword(user.id, null, await hashPassword(input.password), changes);
      else await this.users.update(user.id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS);
      throw error;
    }
    const updated = await this.users.findById(user.id);
    if (!updated) throw new HttpError(404, 'Not Found');
    return updated;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
  }

  /**
   * Counts an account e-mail request for this address (lower-cased, known or not, so the limit reveals nothing). Over
   * the limit the route still answers 202 but sends nothing: one client must not be able to flood an inbox.
   */
  private async mailAllowed(email: string, kind: string): Promise<boolean> {
    const count = await this.deps.counters.hit(`mail:${digest(email)}`, MAIL_WINDOW_MS);
    if (count.count <= this.deps.mailsPerHour) return true;
    this.deps.log.warn({ kind, email }, 'account e-mail not sent: too many for this address');
    return false;
  }

  private mailTo(user: User, token: string, locale: Locale | null) {
    return {
      to: user.email,
      nickname: user.nickname,
      locale: locale ?? (isLocale(user.locale) ? user.locale : 'zh'),
      token,
    };
  }

  /**
   * Sends after the answer: the recovery routes answer at once whether or not a mail goes out, so their timing
   * does not tell which addresses have accounts. The mailer retries; a final failure is logged.
   */
  private deliver(kind: string, send: () => Promise<void>): void {
    const delivery = send()
      .catch((error: unknown) => this.deps.log.error({ err: error, kind }, 'account e-mail could not be sent'))
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}
