import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@glimpse/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import type { Viewer } from '../lib/permissions.js';
import { publicUrlsFor, reachedOrigin, type PublicUrls } from '../lib/public-urls.js';
import { authenticateToken } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** 401/403 per API.md unless a valid token of an existing user is sent. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** Sets request.viewer when a valid token is sent; a bad token counts as none. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
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

/** Absolute URLs as this request's client sees them (media, share links). */
export function urlsOf(app: FastifyInstance, request: FastifyRequest): PublicUrls {
  return publicUrlsFor(
    app.ctx.config,
    reachedOrigin(request.headers, {
      encrypted: (request.raw.socket as { encrypted?: boolean }).encrypted === true,
      peer: request.raw.socket.remoteAddress,
      trustProxy: app.ctx.config.trustProxy,
    }),
  );
}
