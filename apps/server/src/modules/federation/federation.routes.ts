import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEDERATION_INBOX_MAX_BYTES } from '@glimpse/shared';
import { AppError } from '../../lib/errors.js';
import { refusedInboxPost } from './federation.policy.service.js';
import { FEDERATION_PATH_PREFIXES, profilePathOfActor } from './federation.service.js';

/** Responses that mean "Fastify answers this one" (Fedify has no route for it, or a browser asked). */
const fallThroughs = new WeakSet<Response>();
const fallThrough = (): Response => {
  const res = new Response(null, { status: 404 });
  fallThroughs.add(res);
  return res;
};

const isFederationPath = (url: string): boolean => {
  const path = url.split('?', 1)[0] ?? '';
  return FEDERATION_PATH_PREFIXES.some((p) => path === p || path.startsWith(p));
};

/** The raw body, at most `limit` bytes (413 beyond). */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** A Fastify request as the Fetch `Request` Fedify reads, on this server's public origin. */
async function toFetchRequest(request: FastifyRequest, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.raw.url ?? '/', origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(await readBody(request, FEDERATION_INBOX_MAX_BYTES)) : undefined,
  });
}

/**
 * ActivityPub over HTTP (FEDERATION=true): WebFinger, NodeInfo, actors, collections and inboxes
 * are answered by Fedify before Fastify routes the request; everything else, and an actor URL a
 * browser asks for (redirected to the profile page), is left to the app.
 */
export function federationRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const federation = ctx.federation;
  if (!federation) return;
  const origin = ctx.config.federation!.origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!isFederationPath(request.url)) return;
    const fetchRequest = await toFetchRequest(request, origin);
    // A suspended server's activity is taken and dropped unread (nothing is fetched from it).
    if (await refusedInboxPost(ctx, fetchRequest)) return reply.code(202).send();
    const response = await federation.fetch(fetchRequest, {
      contextData: ctx,
      onNotFound: fallThrough,
      onNotAcceptable: async (req) => {
        // A browser on an actor URL gets the member's profile page.
        const profile = await profilePathOfActor(ctx, new URL(req.url).pathname);
        if (!profile) return fallThrough();
        return new Response(null, { status: 302, headers: { location: profile, vary: 'Accept' } });
      },
    });
    if (fallThroughs.has(response)) {
      // A body already read cannot be read again by Fastify; no app route takes one here anyway.
      if (fetchRequest.body !== null) throw new AppError('ROUTE_NOT_FOUND');
      return;
    }
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    const body = Buffer.from(await response.arrayBuffer());
    return reply.send(body.length > 0 ? body : undefined);
  });
}
