import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { makeRegisterBody, ZAuthResponse, ZLoginBody, ZSelfUser } from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { getSelf, loginUser, registerUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Built once with the deployment's own mail domain, accepted beside the mainstream providers.
  const ZRegisterBody = makeRegisterBody(ctx.config.mailDomain || undefined);

  r.post(
    '/api/users',
    {
      config: rateLimit('registrations'),
      schema: {
        summary: 'Register: email (mainstream provider), username, password; answers the member and a token',
        body: ZRegisterBody,
        response: { 201: ZAuthResponse, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerUser(ctx, request.body, urlsOf(app, request))),
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with an email or a username and the password',
        body: ZLoginBody,
        response: { 200: ZAuthResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => loginUser(ctx, request.body, request.ip, urlsOf(app, request)),
  );

  r.get(
    '/api/auth/me',
    {
      preValidation: app.requireAuth,
      schema: {
        summary: 'The signed-in member',
        security: BEARER_REQUIRED,
        response: { 200: ZSelfUser, ...ERROR_ANSWERS },
      },
    },
    async (request) => getSelf(ctx, viewerOf(request), urlsOf(app, request)),
  );
}
