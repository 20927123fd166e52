import type { FastifyInstance } from 'fastify';
import { makeRegisterBody, ZLoginBody } from '@glimpse/shared';
import { parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../plugins/auth.js';
import { toSelfUser } from '../users/users.mapper.js';
import { findUserById } from '../users/users.repo.js';
import { AppError } from '../../lib/errors.js';
import { loginUser, registerUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ZRegisterBody = makeRegisterBody(app.ctx.config.mailDomain || undefined);

  app.post('/api/users', async (request, reply) => {
    const body = parseInput(ZRegisterBody, request.body);
    return reply.status(201).send(await registerUser(app.ctx, body));
  });

  app.post('/api/auth/login', async (request) => {
    const body = parseInput(ZLoginBody, request.body);
    return loginUser(app.ctx, body, request.ip);
  });

  app.get('/api/auth/me', { preHandler: app.requireAuth }, async (request) => {
    const row = await findUserById(app.ctx.db, viewerOf(request).id);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toSelfUser(row);
  });
}
