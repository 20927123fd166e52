import type { IncomingHttpHeaders } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';
import { isValidMediaKey, MEDIA_URL_PREFIX } from './storage/index.js';

type ProxyTrustSetting = false | number | string[];

const compiled = new WeakMap<object, (address: string, hop: number) => boolean>();

/**
 * Whether the peer at `address`, `hop` steps from us (0 = the socket's peer), is a trusted proxy,
 * per the TRUST_PROXY setting (what Fastify's `trustProxy` also gets): never by default.
 */
export function proxyTrust(setting: ProxyTrustSetting): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  let trust = compiled.get(setting);
  if (!trust) {
    trust = proxyAddr.compile(setting);
    compiled.set(setting, trust);
  }
  return trust;
}

/** Absolute URLs of this deployment as one client sees them. */
export interface PublicUrls {
  /** Where links point (share URLs): PUBLIC_ORIGIN, else the origin the client reached. */
  origin: string;
  /**
   * A stored media path (`/media/<key>`, as the database keeps it) as an absolute URL:
   * MEDIA_PUBLIC_URL/<key> when set (object store or CDN), else origin + path.
   */
  media(storedPath: string): string;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function firstValue(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(',')[0]?.trim() || undefined;
}

/** The value the nearest proxy set (a client can put anything before it). */
function lastValue(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  return raw?.split(',').pop()?.trim() || undefined;
}

/**
 * THE origin resolution: the scheme and host a client reached the server at, from the request's
 * headers. X-Forwarded-Proto/-Host count only when the socket's peer is a trusted proxy
 * (TRUST_PROXY; never by default), and then the value the nearest proxy set. A malformed host
 * falls back to localhost rather than ever being copied into a URL. Only used when PUBLIC_ORIGIN
 * is not set.
 */
export function reachedOrigin(
  headers: IncomingHttpHeaders,
  opts: { encrypted: boolean; peer: string | undefined; trustProxy: ProxyTrustSetting },
): string {
  const viaProxy = opts.peer !== undefined && proxyTrust(opts.trustProxy)(opts.peer, 0);
  const forwardedProto = viaProxy ? lastValue(headers['x-forwarded-proto']) : undefined;
  const forwardedHost = viaProxy ? lastValue(headers['x-forwarded-host']) : undefined;
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : undefined;
  const host = forwardedHost ?? firstValue(headers.host);
  return `${proto ?? (opts.encrypted ? 'https' : 'http')}://${host && HOST_PATTERN.test(host) ? host : 'localhost'}`;
}

/** The URLs for one client, given the origin it reached (used only when nothing is configured). */
export function publicUrlsFor(
  config: Pick<Config, 'publicOrigin' | 'mediaPublicUrl'>,
  reached: string,
): PublicUrls {
  const origin = config.publicOrigin ?? reached;
  const mediaBase = config.mediaPublicUrl;
  return {
    origin,
    media(storedPath) {
      if (!storedPath.startsWith(MEDIA_URL_PREFIX)) return storedPath;
      return mediaBase
        ? `${mediaBase}/${storedPath.slice(MEDIA_URL_PREFIX.length)}`
        : `${origin}${storedPath}`;
    },
  };
}

/**
 * The stored path of a media URL a client sends back (absolute, from any origin or CDN we ever
 * answered with, or already relative): `/media/<key>` when its last segment is one of our keys,
 * else null. Ownership is checked by whoever looks the path up, never assumed from the URL.
 */
export function storedMediaPathOf(url: string): string | null {
  const withoutQuery = url.split(/[?#]/, 1)[0] ?? '';
  const key = withoutQuery.slice(withoutQuery.lastIndexOf('/') + 1);
  return isValidMediaKey(key) ? `${MEDIA_URL_PREFIX}${key}` : null;
}
