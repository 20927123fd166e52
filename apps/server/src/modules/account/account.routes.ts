import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeleteAccountBody, ZMessageAnswer } from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { viewerOf } from '../../plugins/auth.js';
import { deleteAccount } from './account.service.js';
import { openExport } from './export.service.js';

/** The member's own account as a whole: take it away (export) or delete it (API.md "Your data"). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;

  r.get(
    '/api/users/me/export',
    {
      ...auth,
      schema: {
        summary:
          'Streams a zip of the member’s data: profile.json, posts.json (with comments and likes received), comments.json, messages.json, following.json, followers.json and media/ (original images)',
        security,
        response: {
          200: z.string().meta({ description: 'application/zip', format: 'binary' }),
          ...ERROR_ANSWERS,
        },
      },
    },
    async (request, reply) => {
      const aborted = new AbortController();
      // The response closed (sent, or the client went away): stop reading media files for it.
      reply.raw.on('close', () => aborted.abort());
      const { filename, stream } = await openExport(ctx, viewerOf(request), { signal: aborted.signal });
      return (
        reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (Fastify never serializes one); the schema above only documents it.
          .send(stream as unknown as string)
      );
    },
  );

  r.delete(
    '/api/users/me',
    {
      ...auth,
      schema: {
        summary:
          'Deletes the account after checking the password: posts, comments, likes, follows, messages, media, notifications; sessions end at once',
        security,
        body: ZDeleteAccountBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => deleteAccount(ctx, viewerOf(request), request.body),
  );
}
