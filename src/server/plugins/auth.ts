/**
 * The current user (docs/account-api.md §1.2): the token is read only from `Authorization: Bearer <token>` (scheme in
 * any case), and a request is refused with a bare 401 when the token is missing, invalid, revoked (logout), issued
 * before the last password change, or names a user that is gone or inactive. Superuser routes then need the flag
 * (403). Routes use the hooks in `onRequest`, so authentication comes before body validation, as in FastAPI.
 *
 * Which tokens are good is the auth feature's rule (signature, revocation list, token version, the user's state):
 * this plugin receives it as the `authenticate` option from the composition root instead of building repositories
 * itself, so a cross-cutting plugin never depends on a feature. The types it hands out (`User`, the token claims)
 * live in src/server/accounts/, the account core that every feature shares.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessClaims } from '../accounts/tokens';
import type { User } from '../accounts/users.repository';
import { HttpError } from '../http/http-error';

/** Who a valid access token speaks for, and the claims it carried (logout revokes by them). */
export interface Session {
  user: User;
  claims: AccessClaims;
}

export interface AuthPluginOptions {
  /** The session of a bearer token, or null for any token that must be refused. */
  authenticate(token: string): Promise<Session | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: an active user, else 401. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** onRequest hook: an active superuser, else 401 / 403. */
    requireSuperuser(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `requireUser`; read it with `currentUser(request)` / `currentSession(request)`. */
    auth: Session | null;
  }
}

const unauthorized = () => new HttpError(401, 'Unauthorized');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // Starlette's get_authorization_scheme_param: split at the first space, compare the scheme ignoring case.
  const space = header.indexOf(' ');
  const scheme = space === -1 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return null;
  return space === -1 ? '' : header.slice(space + 1);
}

/** The session `requireUser` found; only call it on routes that use that hook. */
export function currentSession(request: FastifyRequest): Session {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The user `requireUser` found; only call it on routes that use that hook. */
export function currentUser(request: FastifyRequest): User {
  return currentSession(request).user;
}

export default fp(async function authPlugin(app: FastifyInstance, { authenticate }: AuthPluginOptions) {
  app.decorateRequest('auth', null);

  async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const session = await authenticate(token);
    if (!session) throw unauthorized();
    request.auth = session;
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireSuperuser', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!currentUser(request).is_superuser) throw new HttpError(403, 'Forbidden');
  });
});
