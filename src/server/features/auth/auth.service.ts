/**
 * Authentication, by FastAPI Users' UserManager rules (docs/account-api.md §2), in its order of checks: password rule
 * before "already exists", token before password on reset. Register, log in and out, tell which access tokens are good,
 * reset and verify by e-mail. Plus ours: password guesses are limited per account and client address and slowed
 * down per account (login-limits.ts), also when a profile change checks the current password; logout revokes one
 * token; the recovery routes answer before doing anything, and e-mails go out in the reader's language after the
 * answer; a password change is notified by e-mail.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AuthErrorCode, NICKNAME_MAX_LENGTH, PASSWORD_MAX_BYTES, passwordProblem } from '#shared/account-rules';
import type { RegisterBody } from '#shared/contracts/auth';
import type { Locale } from '#shared/locales';
import { asciiEmail } from '../../accounts/email-domain';
import { hashPassword, spendVerificationTime, verifyPassword } from '../../accounts/password';
import type { TokenService } from '../../accounts/tokens';
import { type User, type UsersRepository, userLocale } from '../../accounts/users.repository';
import type { BackgroundTasks } from '../../background-tasks';
import { isUniqueViolation } from '../../db/errors';
import type { Session } from '../../plugins/auth';
import { DomainError } from '../../domain-error';
import type { CounterStore } from '../../counter-store';
import type { LoginLimits } from './login-limits';
import type { RevokedTokensRepository } from './revoked-tokens.repository';

const MAIL_WINDOW_MS = 60 * 60 * 1000;
/** The users.email column's length: a longer username names no account. */
const USERNAME_MAX_LENGTH = 320;

/**
 * How an address names an account in counters: domain in ASCII, lower-cased (any username is accepted, so the
 * counter keys are digests of it, of fixed length).
 */
const accountName = (email: string) => asciiEmail(email).toLowerCase();
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export type RegisterInput = z.output<typeof RegisterBody>;

/*
 * What this feature needs of two others, declared here and satisfied by their services, which services.ts passes in:
 * features import no other feature, so each states the little it uses.
 */

/** A notice of a change to the account (no link). */
export interface AccountNotice {
  to: string;
  nickname: string;
  locale: Locale;
}

/** One account e-mail: the link in it carries `token`. */
export interface AccountMail extends AccountNotice {
  token: string;
}

/** The mail feature's mailer. */
export interface AccountMailer {
  sendPasswordReset(mail: AccountMail): Promise<void>;
  sendVerification(mail: AccountMail): Promise<void>;
  sendPasswordChanged(notice: AccountNotice): Promise<void>;
}

/**
 * The loggers feature's logger binding: checks a logger id and its binding code for a new account (`requester` is
 * who the guessing limit counts) and uses the code up; 404, 400 BINDING_CODE_INVALID, 409 or 429 otherwise.
 */
export interface LoggerIdCheck {
  claim(loggerId: string, code: string, userId: null, requester: string): Promise<void>;
}

export interface AuthenticationDeps {
  users: UsersRepository;
  revokedTokens: RevokedTokensRepository;
  tokens: TokenService;
  mailer: AccountMailer;
  /** Registration with a `client_id` binds that logger, under the logger binding's rules. */
  loggerBinding: LoggerIdCheck;
  counters: CounterStore;
  /** Password guesses per account and client address, and per account (logins and current-password checks). */
  loginLimits: LoginLimits;
  /** Where the recovery routes' work and every e-mail run, after the answer. */
  tasks: BackgroundTasks;
  /** Account e-mails (reset and verification together) one address may be sent per hour. */
  mailsPerHour: number;
  log: FastifyBaseLogger;
}

export class AuthenticationService {
  private readonly users: UsersRepository;

  constructor(private readonly deps: AuthenticationDeps) {
    this.users = deps.users;
  }

  /**
   * The session of an access token, or null when it must be refused: bad signature or claims (no `exp` included),
   * revoked by logout, issued before the user's last password change or deactivation, or naming a user that is gone
   * or inactive.
   */
  async authenticate(token: string): Promise<Session | null> {
    const claims = await this.deps.tokens.readAccess(token);
    if (!claims) return null;
    const [user, revoked] = await Promise.all([
      this.users.findById(claims.userId),
      claims.jti ? this.deps.revokedTokens.isRevoked(claims.jti) : false,
    ]);
    if (!user || !user.is_active || revoked || claims.version !== user.token_version) return null;
    return { user, claims };
  }

  /**
   * `clientAddress` is the request's IP: at registration the binding code's guessing limit counts per address (there
   * is no account yet). A code used here is gone even if the account then loses a race for its e-mail address.
   */
  async register(input: RegisterInput, locale: Locale, clientAddress: string): Promise<User> {
    const problem = passwordProblem(input.password);
    if (problem) throw new DomainError('invalid', AuthErrorCode.REGISTER_INVALID_PASSWORD, { reason: problem });
    const email = asciiEmail(input.email);
    if (await this.users.findByEmail(email))
      throw new DomainError('invalid', AuthErrorCode.REGISTER_USER_ALREADY_EXISTS);
    // The schema requires `code` with `client_id`.
    if (input.client_id)
      await this.deps.loggerBinding.claim(input.client_id, input.code ?? '', null, `ip:${clientAddress}`);

    const user = {
      id: randomUUID(),
      email,
      hashed_password: await hashPassword(input.password),
      is_active: true,
      is_superuser: false,
      is_verified: false,
      nickname: input.nickname ?? email.slice(0, email.lastIndexOf('@')).slice(0, NICKNAME_MAX_LENGTH),
      avatar: null,
      bio: '',
      client_id: input.client_id ?? null,
      vip_expire_at: null,
      locale,
    };
    let created: User;
    try {
      created = await this.users.create(user);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: someone registered the address, or bound the logger, in the meantime.
      if (await this.users.findByEmail(email))
        throw new DomainError('invalid', AuthErrorCode.REGISTER_USER_ALREADY_EXISTS);
      throw new DomainError('conflict', AuthErrorCode.CLIENT_ALREADY_BOUND);
    }
    // The verification e-mail goes out at once, after the answer, in the language they registered in. It is not
    // counted in the address's hourly mail limit: an address can be registered once, so this mail goes once.
    this.deps.tasks.run('verification', () => this.mailVerification(created, locale));
    return created;
  }

  /**
   * An access token for these credentials, or LOGIN_BAD_CREDENTIALS; unknown users spend the same hashing time.
   * Guesses are limited per (address, client address) and slowed down per address (login-limits.ts), known or not, so
   * neither reveals which accounts exist. `clientAddress` is the request's IP as TRUST_PROXY lets Fastify read it.
   */
  async login(username: string, password: string, clientAddress: string): Promise<string> {
    // No account can have these (addresses are at most 320 characters, passwords at most 256 bytes): refused without
    // hashing them or touching a counter. Known and unknown addresses alike, so this reveals nothing either.
    if (username.length > USERNAME_MAX_LENGTH || Buffer.byteLength(password) > PASSWORD_MAX_BYTES)
      throw new DomainError('invalid', AuthErrorCode.LOGIN_BAD_CREDENTIALS);

    const attempt = await this.deps.loginLimits.attempt(accountName(username), clientAddress);
    const user = await this.users.findByEmail(username);
    let valid = false;
    if (!user) await spendVerificationTime(password);
    else {
      const result = await verifyPassword(user.hashed_password, password);
      valid = result.valid;
      if (result.upgraded) await this.users.upgradeHash(user.id, user.hashed_password, result.upgraded);
    }
    if (!user || !valid || !user.is_active) throw new DomainError('invalid', AuthErrorCode.LOGIN_BAD_CREDENTIALS);
    await attempt.succeeded();
    const { token } = await this.deps.tokens.issueAccess(user.id, user.token_version);
    return token;
  }

  /**
   * The current password a profile change must carry (`PATCH /users/me` setting a password or a new e-mail):
   * missing or wrong → 400 UPDATE_USER_BAD_CURRENT_PASSWORD. A wrong one is a guess like a wrong login, so it counts
   * in the same limits (429 from that address past AUTH_ACCOUNT_PER_15MIN, slower past the ceiling).
   */
  async checkCurrentPassword(user: User, password: string | null | undefined, clientAddress: string): Promise<void> {
    const bad = () => new DomainError('invalid', AuthErrorCode.UPDATE_USER_BAD_CURRENT_PASSWORD);
    // Nothing to guess with: no count, no hashing.
    if (!password || Buffer.byteLength(password) > PASSWORD_MAX_BYTES) throw bad();
    const attempt = await this.deps.loginLimits.attempt(accountName(user.email), clientAddress);
    if (!(await verifyPassword(user.hashed_password, password)).valid) throw bad();
    await attempt.succeeded();
  }

  /** Revokes the session's token only, so the user's other devices stay logged in (decision 0007). */
  async logout({ user, claims }: Session): Promise<void> {
    if (claims.jti) await this.deps.revokedTokens.revoke(claims.jti, claims.exp);
    // A token without a jti (issued by an older server) can only be revoked with all of its user's tokens.
    else await this.users.bumpTokenVersion(user.id);
  }

  /**
   * Always silent (202 null) and answered before anything is looked up: the lookup, the token and the mail run after
   * the answer, so its timing is the same for every address. A mail goes out only to an existing, active account,
   * within the address's limit.
   */
  forgotPassword(email: string, locale: Locale | null): void {
    this.deps.tasks.run('password reset', async () => {
      if (!(await this.mailAllowed(email, 'password reset'))) return;
      const user = await this.users.findByEmail(email);
      if (!user || !user.is_active) return;
      const token = await this.deps.tokens.issueReset(user.id, user.hashed_password);
      await this.deps.mailer.sendPasswordReset({ ...this.noticeTo(user, locale), token });
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const bad = () => new DomainError('invalid', AuthErrorCode.RESET_PASSWORD_BAD_TOKEN);
    const claims = await this.deps.tokens.readReset(token);
    if (!claims) throw bad();
    const user = await this.users.findById(claims.userId);
    if (!user || !this.deps.tokens.fingerprintMatches(claims.fingerprint, user.hashed_password)) throw bad();
    if (!user.is_active) throw bad();
    const problem = passwordProblem(password);
    if (problem) throw new DomainError('invalid', AuthErrorCode.RESET_PASSWORD_INVALID_PASSWORD, { reason: problem });
    // Conditional on the hash the token was made for: of two simultaneous resets, exactly one gets through.
    if (!(await this.users.changePassword(user.id, user.hashed_password, await hashPassword(password)))) throw bad();
    this.notifyPasswordChanged(user);
  }

  /** A "your password was changed" notice to the user, after the answer. */
  private notifyPasswordChanged(user: User): void {
    const notice = this.noticeTo(user);
    this.deps.tasks.run('password change notice', () => this.deps.mailer.sendPasswordChanged(notice));
  }

  /**
   * Always silent (202 null), answered first like forgot-password: a mail goes out only to an existing, active,
   * unverified account, within the limit.
   */
  requestVerify(email: string, locale: Locale | null): void {
    this.deps.tasks.run('verification', async () => {
      if (!(await this.mailAllowed(email, 'verification'))) return;
      const user = await this.users.findByEmail(email);
      if (!user || !user.is_active || user.is_verified) return;
      await this.mailVerification(user, locale);
    });
  }

  private async mailVerification(user: User, locale: Locale | null): Promise<void> {
    const token = await this.deps.tokens.issueVerify(user.id, user.email);
    await this.deps.mailer.sendVerification({ ...this.noticeTo(user, locale), token });
  }

  async verify(token: string): Promise<User> {
    const bad = () => new DomainError('invalid', AuthErrorCode.VERIFY_USER_BAD_TOKEN);
    const claims = await this.deps.tokens.readVerify(token);
    if (!claims) throw bad();
    const user = await this.users.findByEmail(claims.email);
    if (!user || user.id !== claims.userId) throw bad();
    if (user.is_verified || !(await this.users.markVerified(user.id)))
      throw new DomainError('invalid', AuthErrorCode.VERIFY_USER_ALREADY_VERIFIED);
    return { ...user, is_verified: true };
  }

  /**
   * Counts an account e-mail request for this address (known or not, so the limit reveals nothing). Over the limit
   * nothing is sent (the route has answered 202 already): one client must not be able to flood an inbox.
   */
  private async mailAllowed(email: string, kind: string): Promise<boolean> {
    const count = await this.deps.counters.hit(`mail:${digest(accountName(email))}`, MAIL_WINDOW_MS);
    if (count.count <= this.deps.mailsPerHour) return true;
    this.deps.log.warn({ kind, email }, 'account e-mail not sent: too many for this address');
    return false;
  }

  private noticeTo(user: User, reading: Locale | null = null): AccountNotice {
    // The language they are reading the site in, else the one they registered in.
    return { to: user.email, nickname: user.nickname, locale: reading ?? userLocale(user) };
  }
}
