import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_EVENT_SCHEMAS, ZErrorBody } from '@glimpse/shared';
import { API_DOCS_CSS, renderApiDocs, type OpenApiDocument } from './api-docs.render.js';

/** Every answer an API route can give besides its successes: `{ message, code }`. */
export const ERROR_ANSWERS = { '4xx': ZErrorBody, '5xx': ZErrorBody } as const;

/** A route as the app registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, in registration order (HEAD twins excluded): the docs' and the tests' source. */
    routeList: RegisteredRoute[];
  }
}

/** OpenAPI security of routes that need a bearer token, and of those where it is optional. */
type Security = { [scheme: string]: string[] }[];
export const BEARER_REQUIRED: Security = [{ bearerAuth: [] }];
export const BEARER_OPTIONAL: Security = [{}, { bearerAuth: [] }];

/**
 * Collects the OpenAPI 3.1 document from the routes' own zod schemas (so it cannot drift from
 * what the server validates and serializes). Only /api routes are published; the documentation
 * routes themselves are left out. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, schema: route.schema as RegisteredRoute['schema'] });
    }
  });
  const transformZod = createJsonSchemaTransform({ skipList: [] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Glimpse API',
        version: '1.0.0',
        description:
          'The HTTP contract of Glimpse, generated from the schemas the server validates input and ' +
          'serializes answers with. Errors are { message, code } with a 4xx or 5xx status. ' +
          'Real-time chat is Socket.IO at /socket.io; its server events are under x-socketio-events.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const { schema, url } = transformZod(document);
      // Grouped by the first path segment after /api: posts, users, chats, search...
      return { schema: { tags: [url.split('/')[2] ?? 'api'], ...schema }, url };
    },
    transformObject: (document) => ({
      ...jsonSchemaTransformObject(document),
      'x-socketio-events': Object.fromEntries(
        Object.entries(SERVER_EVENT_SCHEMAS).map(([name, schema]) => [name, z.toJSONSchema(schema)]),
      ),
    }),
  });
}

/** GET /api/openapi.json and the readable reference at /api/docs (no script, no CDN). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  let html: string | undefined;
  const hidden = { schema: { hide: true } };
  app.get('/api/openapi.json', hidden, async () => app.swagger());
  app.get('/api/docs', hidden, async (_request, reply) => {
    html ??= renderApiDocs(app.swagger() as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get('/api/docs/docs.css', hidden, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(API_DOCS_CSS),
  );
}
