import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUrls } from '../../lib/public-urls.js';
import { ShortCache } from '../../lib/short-cache.js';
import { urlsOf } from '../../plugins/auth.js';
import { renderHeadTags, withHeadTags } from './pages.head.js';
import {
  explorePage,
  homePage,
  postPage,
  profilePage,
  searchPage,
  type PageAnswer,
} from './pages.service.js';

/** index.html as the build last wrote it, read again only when the file changes (a rebuild). */
function indexTemplate(indexFile: string): () => Promise<string> {
  let kept: { mtimeMs: number; size: number; html: string } | null = null;
  return async () => {
    const stat = await fs.stat(indexFile);
    if (!kept || kept.mtimeMs !== stat.mtimeMs || kept.size !== stat.size) {
      kept = { mtimeMs: stat.mtimeMs, size: stat.size, html: await fs.readFile(indexFile, 'utf8') };
    }
    return kept.html;
  };
}

/** Pages kept at once, at most (keys come from paths and query strings: bounded). */
const PAGE_CACHE_MAX_ENTRIES = 500;

const one = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/**
 * The pages a shared link usually points at, answered with the web app's index.html whose head
 * already says what the page is (title, description, canonical, Open Graph, Twitter card, JSON-LD
 * for a post) and with an honest status: 404 for a post or profile a visitor may not see. Always
 * the visitor's view (the member's token lives in the browser, never in a cookie). Other paths
 * keep the plain index.html fallback of plugins/static-web.ts.
 */
export async function pagesRoutes(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const template = indexTemplate(indexFile);
  const { ctx } = app;

  // Every answer is the visitor's view, so a page's text may be reused for FEED_CACHE_MS per public
  // origin, as the signed-out feed answers are; concurrent misses share one read.
  const cache = new ShortCache<string, Promise<{ status: number; html: string }>>({
    ttlMs: ctx.config.feedCacheMs,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
  });
  const render = async (page: Promise<PageAnswer>) => {
    const answer = await page;
    return { status: answer.status, html: withHeadTags(await template(), renderHeadTags(answer.head)) };
  };

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    read: (urls: PublicUrls) => Promise<PageAnswer>,
  ) => {
    const urls = urlsOf(app, request);
    const key = `${urls.origin} ${request.url}`;
    let page = cache.get(key);
    if (!page) {
      page = render(read(urls));
      cache.set(key, page);
      // A failed read is not kept: the next request tries again.
      page.catch(() => cache.delete(key));
    }
    const { status, html } = await page;
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
  const hidden = { schema: { hide: true } };

  app.get('/home', hidden, (request, reply) => send(request, reply, (urls) => homePage(ctx, urls)));
  app.get('/explore', hidden, (request, reply) =>
    send(request, reply, (urls) => explorePage(ctx, urls, one(query(request).city))),
  );
  app.get('/search', hidden, (request, reply) =>
    send(request, reply, async (urls) => searchPage(urls, one(query(request).q))),
  );
  app.get<{ Params: { id: string } }>('/posts/:id', hidden, (request, reply) =>
    send(request, reply, (urls) => postPage(ctx, urls, request.params.id)),
  );
  app.get<{ Params: { username: string } }>('/profile/:username', hidden, (request, reply) =>
    send(request, reply, (urls) => profilePage(ctx, urls, request.params.username)),
  );
}
