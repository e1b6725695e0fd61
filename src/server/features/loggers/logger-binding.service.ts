/**
 * Logger clients and their binding to accounts (docs/design.md §4, decision 0017): a logger registers itself; a logger
 * is bound to at most one account, an account to at most one logger, and binding needs the one-time code the logger
 * shows its player, so knowing a logger id is not enough to read its owner's data. Used by the logger routes and by
 * registration with a `client_id`; the unique index on users.client_id is the final word when two accounts race.
 */
import { AuthErrorCode, BINDING_CODE_LIFETIME_MS } from '#shared/account-rules';
import { wireTime } from '#shared/contracts/catches';
import type { User, UsersRepository } from '../../accounts/users.repository';
import { isUniqueViolation } from '../../db/errors';
import { DomainError } from '../../domain-error';
import type { BindingAttempts } from './binding-attempts';
import type { BindingCodesRepository } from './binding-codes.repository';
import type { LoggerClientsRepository } from './logger-clients.repository';

const clientNotFound = () => new DomainError('not-found', AuthErrorCode.CLIENT_NOT_FOUND);
const clientAlreadyBound = () => new DomainError('conflict', AuthErrorCode.CLIENT_ALREADY_BOUND);

export interface LoggerBindingDeps {
  clients: LoggerClientsRepository;
  codes: BindingCodesRepository;
  users: UsersRepository;
  attempts: BindingAttempts;
  clock?: () => number;
}

export class LoggerBindingService {
  private readonly clock: () => number;

  constructor(private readonly deps: LoggerBindingDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** A logger registers itself: its public id and its secret token, answered once (only a hash is kept). */
  createClient(input: { player_name?: string; version?: string }) {
    return this.deps.clients.create(input);
  }

  /** A new binding code for the logger to show, valid 10 minutes; it replaces the logger's previous one. */
  async issueCode(loggerId: string): Promise<{ code: string; expires_at: string }> {
    const now = this.clock();
    // A whole second, so the wire time reads `…:25:00Z` like the API's other times.
    const expiresAt = Math.floor((now + BINDING_CODE_LIFETIME_MS) / 1000) * 1000;
    const code = await this.deps.codes.issue(loggerId, now, expiresAt);
    return { code, expires_at: wireTime(expiresAt) };
  }

  /**
   * Checks that `userId` (null: an account being registered) may bind the logger with `code`, and uses the code up:
   * 404 when no logger has this id, 429 past the guessing limits (`requester` is who is counted: `user:<id>` or
   * `ip:<address>`), 400 BINDING_CODE_INVALID for a code that is wrong, used, expired or another logger's, 409 when
   * another account holds the logger. The code is checked before the holder, so only the logger's player learns
   * whether it is bound.
   */
  async claim(loggerId: string, code: string, userId: string | null, requester: string): Promise<void> {
    if (!(await this.deps.clients.exists(loggerId))) throw clientNotFound();
    const attempt = await this.deps.attempts.attempt(loggerId, requester);
    if (!(await this.deps.codes.consume(loggerId, code, this.clock())))
      throw new DomainError('invalid', AuthErrorCode.BINDING_CODE_INVALID);
    await attempt.succeeded();
    const holder = await this.deps.users.findByLoggerId(loggerId);
    if (holder && holder.id !== userId) throw clientAlreadyBound();
  }

  /** Binds the logger to the user with its binding code, replacing the user's previous one (which becomes free). */
  async bind(user: User, loggerId: string, code: string): Promise<User> {
    await this.claim(loggerId, code, user.id, `user:${user.id}`);
    try {
      await this.deps.users.update(user.id, { client_id: loggerId });
    } catch (error) {
      // Another account bound it between the check and the write.
      if (isUniqueViolation(error)) throw clientAlreadyBound();
      throw error;
    }
    return { ...user, client_id: loggerId };
  }

  /** Unbinds the user's logger; a given `expected` id must be the bound one (404 otherwise, as when none is). */
  async unbind(user: User, expected: string | undefined): Promise<User> {
    const given = expected?.trim();
    if (!user.client_id || (given && given !== user.client_id)) throw clientNotFound();
    await this.deps.users.update(user.id, { client_id: null });
    return { ...user, client_id: null };
  }

  /** A new secret token for the logger (the calling one, so it exists); the old token is refused from now on. */
  async rotateToken(loggerId: string): Promise<{ client_id: string; client_token: string }> {
    const token = await this.deps.clients.rotateToken(loggerId);
    // Revoked or gone between the token check and here: as if the token had been refused.
    if (!token) throw new DomainError('unauthorized', 'Unauthorized');
    return { client_id: loggerId, client_token: token };
  }

  /**
   * Revokes the logger's token and forgets its pending binding code. Its catches and sales stay, and so does its
   * binding: the account keeps its history until the user unbinds it or binds another logger (decision 0017).
   */
  async revoke(loggerId: string): Promise<void> {
    await this.deps.clients.revokeToken(loggerId);
    await this.deps.codes.discard(loggerId);
  }
}
