/**
 * Binding a logger to an account (DESIGN §4): a logger is bound to at most one account, an account to at most one
 * logger. Used by the bind route and by registration with a `client_id`; the unique index on users.client_id is
 * the final word when two accounts race for one logger.
 */
import { AuthErrorCode } from '#shared/account-rules';
import { HttpError } from '../../plugins/errors';
import type { UsersRepository } from '../users/users.repository';
import type { LoggerClientsRepository } from './logger-clients.repository';

export const clientNotFound = () => new HttpError(404, AuthErrorCode.CLIENT_NOT_FOUND);
export const clientAlreadyBound = () => new HttpError(409, AuthErrorCode.CLIENT_ALREADY_BOUND);

/** Throws 404 when no logger has this id, 409 when another account holds it. */
export async function assertBindable(
  clients: LoggerClientsRepository,
  users: UsersRepository,
  clientId: string,
  userId: string | null,
): Promise<void> {
  if (!(await clients.exists(clientId))) throw clientNotFound();
  const holder = await users.findByClientId(clientId);
  if (holder && holder.id !== userId) throw clientAlreadyBound();
}
