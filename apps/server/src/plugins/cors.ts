import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** How long a browser may reuse a preflight answer before asking again (Chromium caps it at 2 h). */
export const CORS_PREFLIGHT_MAX_AGE_S = 2 * 60 * 60;

/**
 * CORS for the origins in CORS_ORIGINS (API.md "Conventions"): those origins are echoed with
 * credentials, may use every method our API has and the headers a client sends; preflights are
 * cached. No configured origin means same-origin only (nothing is sent). Socket.IO uses the same.
 */
export function corsOptionsOf(config: Pick<Config, 'corsOrigins'>) {
  if (config.corsOrigins.length === 0) return undefined;
  return {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
    maxAge: CORS_PREFLIGHT_MAX_AGE_S,
  };
}

export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  const options = corsOptionsOf(config);
  if (options) await app.register(cors, options);
}
