import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUrls } from '../../lib/public-urls.js';
import { ShortCache } from '../../lib/short-cache.js';
import { urlsOf } from '../../plugins/auth.js';
import { securityHeaders } from '../../plugins/security-headers.js';
import {
  modulePreloadTag,
  renderHeadTags,
  afterRoot,
  RENDER_BLOCKING_EXPECT_TAG,
  stateScript,
  stylesheetTag,
  withHeadTags,
  withRenderedRoot,
} from './pages.head.js';
import { webRenderer, type RenderedPage } from './pages.ssr.js';
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

/** Where a page's nonce goes in its kept text (split there; never a character a page can hold). */
const NONCE_SLOT = '\u0000nonce\u0000';

/** A page as kept: its status and its text around the nonce slot (one nonce per answer). */
interface KeptPage {
  status: number;
  /** UTF-8 once, when kept: a cached page is not encoded again for every answer. */
  parts: Buffer[];
  /** The CSP sources of the page's style attributes (empty when it has none). */
  styleHashes: string;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The hash source of every distinct `style` attribute value in `html` (as the browser reads it). */
function styleAttributeHashes(html: string): string {
  const values = new Set<string>();
  for (const m of html.matchAll(/ style="([^"]*)"/g)) {
    values.add(m[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ATTRIBUTE_ENTITIES[e]!));
  }
  return [...values].map((v) => `'sha256-${createHash('sha256').update(v).digest('base64')}'`).join(' ');
}

/**
 * The pages a shared link usually points at, answered with the web app's index.html whose head
 * already says what the page is (title, description, canonical, Open Graph, Twitter card, JSON-LD
 * for a post) and with an honest status: 404 for a post or profile a visitor may not see. The
 * page itself is rendered by React on the server (the web app's `dist-ssr/entry-server.js`) from
 * the app's own queries, answered in-process; their results go along in a data block the browser
 * hydrates from (the nonce of this answer's CSP on it). Always the visitor's view: the member's
 * token lives in the browser, never in a cookie. Other paths keep the plain index.html fallback
 * of plugins/static-web.ts.
 */
export async function pagesRoutes(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const template = indexTemplate(indexFile);
  const renderer = webRenderer(webDist);
  const { ctx } = app;
  const csp = securityHeaders(ctx.config)['content-security-policy']!;
  // A rendered page carries React's `style` props as attributes (an image's aspect ratio, its
  // placeholder colour, a carousel's offset): each exact value is allowed by its hash
  // (`'unsafe-hashes'`, CSP level 3), nothing else is; the handed-over data block has the nonce.
  const cspFor = (nonce: string, styleHashes: string) =>
    `${csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)}` +
    (styleHashes ? `;style-src-attr 'unsafe-hashes' ${styleHashes}` : '');

  /** The app's requests of a render, answered by this app in-process as they came from `request`. */
  const transportFor =
    (request: FastifyRequest) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const forwarded = ['host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'user-agent'];
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of forwarded) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        remoteAddress: request.ip,
      });
      return new Response(res.statusCode === 204 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };

  const build = async (request: FastifyRequest, urls: PublicUrls, answer: PageAnswer, page: RenderedPage) => {
    const head = renderHeadTags(answer.head);
    const html = await template();
    // Nothing to render for a page nobody may see: the browser shows its own not-found screen.
    const loaded = answer.status === 200 ? await renderer.load(page) : null;
    if (!loaded)
      return { status: answer.status, parts: [Buffer.from(withHeadTags(html, head))], styleHashes: '' };
    try {
      const rendered = await loaded.renderer.render(request.url, urls.origin, transportFor(request));
      const scripts = rendered.scripts ?? [];
      const assets = [
        ...loaded.assets.css.filter((href) => !html.includes(href)).map(stylesheetTag),
        ...loaded.assets.js.filter((href) => !html.includes(href)).map(modulePreloadTag),
        // The renderer's scripts size what the first frame shows: no frame before they ran.
        ...(scripts.length > 0 ? [RENDER_BLOCKING_EXPECT_TAG] : []),
      ];
      const body = withRenderedRoot(
        withHeadTags(html, [head, ...assets].join('\n    ')),
        rendered.html,
        afterRoot(scripts, stateScript(rendered.state, NONCE_SLOT), NONCE_SLOT),
      );
      return {
        status: answer.status,
        parts: body.split(NONCE_SLOT).map((part) => Buffer.from(part)),
        styleHashes: styleAttributeHashes(rendered.html),
      };
    } catch (err) {
      // The head still previews the page; the browser renders the rest.
      request.log.error(
        { err, url: request.url },
        'Server rendering failed; the page is rendered in the browser',
      );
      return { status: answer.status, parts: [Buffer.from(withHeadTags(html, head))], styleHashes: '' };
    }
  };

  // Every answer is the visitor's view, so a page's text may be reused for FEED_CACHE_MS per public
  // origin, as the signed-out feed answers are; concurrent misses share one read.
  const cache = new ShortCache<string, Promise<KeptPage>>({
    ttlMs: ctx.config.feedCacheMs,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
  });

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: RenderedPage,
    read: (urls: PublicUrls) => Promise<PageAnswer>,
  ) => {
    const urls = urlsOf(app, request);
    const key = `${urls.origin} ${request.url}`;
    let kept = cache.get(key);
    if (!kept) {
      kept = read(urls).then((answer) => build(request, urls, answer, page));
      cache.set(key, kept);
      // A failed read is not kept: the next request tries again.
      kept.catch(() => cache.delete(key));
    }
    const { status, parts, styleHashes } = await kept;
    if (parts.length > 1) {
      const nonce = randomBytes(16).toString('base64');
      void reply.header('content-security-policy', cspFor(nonce, styleHashes));
      return reply
        .status(status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(nonce), part]))));
    }
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(parts[0]);
  };

  const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
  const hidden = { schema: { hide: true } };

  app.get('/home', hidden, (request, reply) => send(request, reply, 'home', (urls) => homePage(ctx, urls)));
  app.get('/explore', hidden, (request, reply) =>
    send(request, reply, 'explore', (urls) => explorePage(ctx, urls, one(query(request).city))),
  );
  app.get('/search', hidden, (request, reply) =>
    send(request, reply, 'search', async (urls) => searchPage(urls, one(query(request).q))),
  );
  app.get<{ Params: { id: string } }>('/posts/:id', hidden, (request, reply) =>
    send(request, reply, 'post', (urls) => postPage(ctx, urls, request.params.id)),
  );
  app.get<{ Params: { username: string } }>('/profile/:username', hidden, (request, reply) =>
    send(request, reply, 'profile', (urls) => profilePage(ctx, urls, request.params.username)),
  );
}
