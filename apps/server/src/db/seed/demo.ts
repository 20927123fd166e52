import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';

export async function seedDemoIfEmpty(_ctx: AppContext, _log: FastifyBaseLogger): Promise<void> {}
