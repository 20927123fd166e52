import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@glimpse/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import { verifyToken } from '../lib/jwt.js';
import type { RoleHolder } from '../lib/permissions.js';
import { findUserById } from '../modules/users/users.repo.js';

/** The signed-in user as services see it. */
export interface Viewer extends RoleHolder {
  id: string;
  username: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** preHandler: 401/403 per API.md unless a valid token of an existing user is sent. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.viewer when a valid token is sent; a bad token counts as none. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Resolves a token to a Viewer, or throws the API.md error for it. Also used by the socket. */
export async function authenticateToken(ctx: AppContext, token: string | null): Promise<Viewer> {
  if (token === null) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  const result = verifyToken(token, ctx.jwtSecret);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new AppError('TOKEN_EXPIRED', MSG.tokenExpired)
      : new AppError('INVALID_TOKEN', MSG.invalidToken);
  }
  const row = await findUserById(ctx.db, result.payload.userId);
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  const changedAtSeconds = row.passwordChangedAt ? Math.floor(row.passwordChangedAt.getTime() / 1000) : 0;
  if (result.payload.iat < changedAtSeconds) throw new AppError('TOKEN_EXPIRED', MSG.tokenExpired);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isModerator: row.isModerator,
    permissions: row.permissions,
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.viewer = await authenticateToken(app.ctx, bearerOf(request));
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearerOf(request);
    if (!token) return;
    try {
      request.viewer = await authenticateToken(app.ctx, token);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      request.viewer = null;
    }
  });
}

/** The viewer of a route guarded by requireAuth. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  return request.viewer;
}
