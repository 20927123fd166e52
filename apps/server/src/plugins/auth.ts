import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@glimpse/shared';
import { isSessionEnded, type AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import type { Viewer } from '../lib/permissions.js';
import { publicUrlsFor, reachedOrigin, type PublicUrls } from '../lib/public-urls.js';
import { ShortCache } from '../lib/short-cache.js';
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
    /**
     * optionalAuth for the feed's hot path: a token's member may be reused for FEED_CACHE_MS
     * (forgotten on every node when its session ends; see registerAuth).
     */
    optionalAuthCached: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Tokens cached at once, at most (a flood of distinct valid tokens only evicts older ones). */
const VIEWER_CACHE_MAX_ENTRIES = 10_000;

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
  const viewers = new ShortCache<string, Viewer>({
    ttlMs: app.ctx.config.feedCacheMs,
    maxEntries: VIEWER_CACHE_MAX_ENTRIES,
  });
  // Ending sessions (sign-out, password, reset, role, suspension, deletion) must stop their tokens
  // from the next request on, cached or not: every node drops them here, this one at once and the
  // others before the call that ended them answers (ctx.events, through Redis when scaled out).
  // A check that read the session before it ended must not be cached after the eviction: sessions
  // ended while a check was in flight make it skip the cache.
  let sessionsEndedCount = 0;
  app.ctx.events.onNodeEvent((event) => {
    if (event.kind !== 'sessions-ended') return;
    sessionsEndedCount += 1;
    viewers.deleteWhere((viewer) => isSessionEnded(event.ended, viewer.id, viewer.sessionId));
  });

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
  app.decorate('optionalAuthCached', async (request: FastifyRequest) => {
    const token = bearerOf(request);
    if (!token) return;
    const cached = viewers.get(token);
    if (cached) {
      request.viewer = cached;
      return;
    }
    const endedBefore = sessionsEndedCount;
    try {
      const viewer = await authenticateToken(app.ctx, token);
      if (sessionsEndedCount === endedBefore) viewers.set(token, viewer);
      request.viewer = viewer;
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
