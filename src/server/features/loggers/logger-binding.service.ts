/**
 * Logger clients and their binding to accounts (DESIGN §4): a logger registers itself; a logger is bound to at most
 * one account, an account to at most one logger. Used by the logger routes and by registration with a `client_id`;
 * the unique index on users.client_id is the final word when two accounts race for one logger.
 */
import { AuthErrorCode } from '#shared/account-rules';
import type { User, UsersRepository } from '../../accounts/users.repository';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../plugins/errors';
import type { LoggerClientsRepository } from './logger-clients.repository';

const clientNotFound = () => new HttpError(404, AuthErrorCode.CLIENT_NOT_FOUND);
const clientAlreadyBound = () => new HttpError(409, AuthErrorCode.CLIENT_ALREADY_BOUND);

export class LoggerBindingService {
  constructor(
    private readonly clients: LoggerClientsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** A logger registers itself: its public id and its secret token, answered once (only a hash is kept). */
  createClient(input: { player_name?: string; version?: string }) {
    return this.clients.create(input);
  }

  /** Throws 404 when no logger has this id, 409 when an account other than `userId`'s holds it. */
  async assertBindable(clientId: string, userId: string | null): Promise<void> {
    if (!(await this.clients.exists(clientId))) throw clientNotFound();
    const holder = await this.users.findByClientId(clientId);
    if (holder && holder.id !== userId) throw clientAlreadyBound();
  }

  /** Binds the logger to the user, replacing the user's previous one (which becomes free). */
  async bind(user: User, clientId: string): Promise<User> {
    await this.assertBindable(clientId, user.id);
    try {
      await this.users.update(user.id, { client_id: clientId });
    } catch (error) {
      // Another account bound it between the check and the write.
      if (isUniqueViolation(error)) throw clientAlreadyBound();
      throw error;
    }
    return { ...user, client_id: clientId };
  }

  /** Unbinds the user's logger; a given `expected` id must be the bound one (404 otherwise, as when none is). */
  async unbind(user: User, expected: string | undefined): Promise<User> {
    const given = expected?.trim();
    if (!user.client_id || (given && given !== user.client_id)) throw clientNotFound();
    await this.users.update(user.id, { client_id: null });
    return { ...user, client_id: null };
  }
}
