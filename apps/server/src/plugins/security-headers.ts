import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** One year, the usual HSTS lifetime; sent only on answers that went out over https. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of everything this server answers. The web app has no inline
 * script or style element (apps/web/public/theme-init.js is a file for that reason), so scripts
 * and styles come from this origin only; images also from `data:`/`blob:` (placeholders, upload
 * previews) and the media origin; the browser talks to this origin and the reverse geocoder.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const mediaOrigin = config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : [];
  const secure = config.publicOrigin?.startsWith('https:') ?? false;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", new URL(config.geocoderUrl).origin],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Only where the app is reached over https: on plain http it would break every subresource.
    ...(secure ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Helmet's headers for our options, computed once: the CSP above, `nosniff`, no framing
 * (`frame-ancestors 'none'` and `X-Frame-Options: DENY`), a referrer policy that sends other sites
 * the origin at most, and helmet's other defaults. Helmet's middleware only sets and removes
 * headers, the same ones for every request with these options, so it runs here once against a
 * recording response. (@fastify/helmet built that middleware again on every request: 4 % of a
 * signed-in feed page.)
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media answers override this with cross-origin (media.routes.ts): other origins show images.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Decided per answer below: an http answer must not pin https for the host.
    strictTransportSecurity: false,
  });
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Where the web build's hashed scripts and styles are served (static-web.ts). */
const ASSETS_PREFIX = '/assets/';

/**
 * What a script or stylesheet answer keeps: the headers that act on a subresource (MIME sniffing,
 * who may embed it, the referrer of the fonts and images a stylesheet loads). The others — CSP,
 * framing, COOP, origin clustering and helmet's legacy ones — act on documents only, and cost
 * ~0.7 kB on each of the ~17 files a first visit loads. /sw.js is not under /assets/: a worker's
 * CSP comes from its own answer, so it keeps them all.
 */
const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']);

/**
 * Those headers on every answer (scripts and styles under /assets/ keep only ASSET_HEADERS) (set on the raw response, so streamed and hijacked answers carry
 * them too; a route's own `reply.header` still wins), plus HSTS on answers that went out over
 * https (directly, or through a proxy TRUST_PROXY believes).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const all = securityHeaders(config);
  const entries = Object.entries(all);
  const assetEntries = entries.filter(([name]) => ASSET_HEADERS.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    const forAsset = request.url.startsWith(ASSETS_PREFIX);
    for (const [name, value] of forAsset ? assetEntries : entries) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}
