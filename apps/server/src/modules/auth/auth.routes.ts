import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  makeRegisterBody,
  ZAuthResponse,
  ZEmptyBody,
  ZLoginBody,
  ZMessageAnswer,
  ZPasswordResetBody,
  ZPasswordResetConfirmBody,
  ZRecoveryCodes,
  ZRevokeOthersAnswer,
  ZSelfUser,
  ZSessionIdParams,
  ZSessionList,
  ZTwoFactorDisableBody,
  ZTwoFactorEnableBody,
  ZTwoFactorSetup,
} from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { getSelf, loginUser, registerUser } from './auth.service.js';
import {
  confirmPasswordReset,
  drainPasswordResetMail,
  requestPasswordReset,
} from './password-reset.service.js';
import type { ClientInfo } from './sessions.js';
import { endOneSession, endOtherSessions, listSessions, logout } from './sessions.service.js';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service.js';

/** Where a sign-in comes from, for its session (the address TRUST_PROXY lets us believe). */
function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;
  // Built once with the deployment's own mail domain, accepted beside the mainstream providers.
  const ZRegisterBody = makeRegisterBody(ctx.config.mailDomain || undefined);
  // Reset mails queued before a shutdown read the database: let them finish before it closes.
  app.addHook('onClose', async () => {
    await drainPasswordResetMail(ctx);
    ctx.mail.close();
  });

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
      reply.status(201).send(await registerUser(ctx, request.body, clientOf(request), urlsOf(app, request))),
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        summary:
          'Sign in with an email or a username and the password (and `code` when two-factor sign-in is on: 401 TWO_FACTOR_REQUIRED without it)',
        body: ZLoginBody,
        response: { 200: ZAuthResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => loginUser(ctx, request.body, clientOf(request), urlsOf(app, request)),
  );

  r.get(
    '/api/auth/me',
    {
      ...auth,
      schema: {
        summary: 'The signed-in member',
        security,
        response: { 200: ZSelfUser, ...ERROR_ANSWERS },
      },
    },
    async (request) => getSelf(ctx, viewerOf(request), urlsOf(app, request)),
  );

  r.post(
    '/api/auth/logout',
    {
      ...auth,
      schema: {
        summary: "Signs out: ends the caller's session (its token and sockets stop at once)",
        security,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => logout(ctx, viewerOf(request)),
  );

  r.get(
    '/api/auth/sessions',
    {
      ...auth,
      schema: {
        summary: "The member's signed-in devices: the caller's first, then the most recently seen",
        security,
        response: { 200: ZSessionList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listSessions(ctx, viewerOf(request)),
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      ...auth,
      schema: {
        summary: 'Ends one session of the member on every node: its token gets 401, its sockets are cut',
        security,
        params: ZSessionIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => endOneSession(ctx, viewerOf(request), request.params.id),
  );

  r.post(
    '/api/auth/sessions/revoke-others',
    {
      ...auth,
      schema: {
        summary: "Ends every session of the member but the caller's",
        security,
        body: ZEmptyBody,
        response: { 200: ZRevokeOthersAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => endOtherSessions(ctx, viewerOf(request)),
  );

  r.post(
    '/api/auth/password-reset',
    {
      schema: {
        summary:
          'Mails a one-time reset link (1 hour) when an account uses the email; the same 202 either way. 503 MAIL_UNAVAILABLE without SMTP',
        body: ZPasswordResetBody,
        response: { 202: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await requestPasswordReset(ctx, request.body, {
          ip: request.ip,
          origin: urlsOf(app, request).origin,
          log: request.log,
        }),
      ),
  );

  r.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        summary: "Sets a new password with a reset link's token (once) and ends every session",
        body: ZPasswordResetConfirmBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => confirmPasswordReset(ctx, request.body, request.ip),
  );

  r.post(
    '/api/auth/2fa/setup',
    {
      ...auth,
      schema: {
        summary: 'Starts two-factor sign-in: a new TOTP secret and its otpauth:// URL (for a QR code)',
        security,
        body: ZEmptyBody,
        response: { 200: ZTwoFactorSetup, ...ERROR_ANSWERS },
      },
    },
    async (request) => setupTwoFactor(ctx, viewerOf(request)),
  );

  r.post(
    '/api/auth/2fa/enable',
    {
      ...auth,
      schema: {
        summary: 'Turns two-factor sign-in on with a first code; answers 10 single-use recovery codes',
        security,
        body: ZTwoFactorEnableBody,
        response: { 200: ZRecoveryCodes, ...ERROR_ANSWERS },
      },
    },
    async (request) => enableTwoFactor(ctx, viewerOf(request), request.body),
  );

  r.post(
    '/api/auth/2fa/disable',
    {
      ...auth,
      schema: {
        summary: 'Turns two-factor sign-in off: the password and a current code (or a recovery code)',
        security,
        body: ZTwoFactorDisableBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => disableTwoFactor(ctx, viewerOf(request), request.body),
  );
}
