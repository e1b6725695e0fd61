/**
 * The current user (contract §1.2): the token is read only from `Authorization: Bearer <token>` (scheme in any
 * case), and a request is refused with a bare 401 when the token is missing, invalid, revoked (logout), issued
 * before the last password change, or names a user that is gone or inactive. Superuser routes then need the flag
 * (403). Routes use the hooks in `onRequest`, so authentication comes before body validation, as in FastAPI.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RevokedTokensRepository } from '../features/auth/revoked-tokens.repository';
import { TokenService, type AccessClaims } from '../features/auth/tokens';
import { type User, UsersRepository } from '../features/users/users.repository';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    revokedTokens: RevokedTokensRepository;
    /** onRequest hook: an active user, else 401. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** onRequest hook: an active superuser, else 401 / 403. */
    requireSuperuser(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `requireUser`; read it with `currentUser(request)`. */
    auth: { user: User; claims: AccessClaims } | null;
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

/** The user `requireUser` found; only call it on routes that use that hook. */
export function currentUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export default fp(async function authPlugin(
  app: FastifyInstance,
  { jwtSecret, accessTokenLifetime }: { jwtSecret: string; accessTokenLifetime: number },
) {
  const tokens = new TokenService(jwtSecret, accessTokenLifetime);
  const users = new UsersRepository(app.db.kysely);
  const revokedTokens = new RevokedTokensRepository(app.db.kysely);
  app.decorate('tokens', tokens);
  app.decorate('revokedTokens', revokedTokens);
  app.decorateRequest('auth', null);

  async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.readAccess(token);
    if (!claims) throw unauthorized();
    const [user, revoked] = await Promise.all([
      users.findById(claims.userId),
      claims.jti ? revokedTokens.isRevoked(claims.jti) : false,
    ]);
    if (!user || !user.is_active || revoked || claims.version !== user.token_version) throw unauthorized();
    request.auth = { user, claims };
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireSuperuser', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.auth!.user.is_superuser) throw new HttpError(403, 'Forbidden');
  });
});
