import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.js';
import { isValidMediaKey, MEDIA_URL_PREFIX } from './storage/index.js';

/**
 * Whether X-Forwarded-Proto / X-Forwarded-Host are believed when working out the origin a client
 * reached us at (and Fastify's `trustProxy`, set from this). Today every proxy is trusted; the
 * hardening issue replaces this constant with the TRUST_PROXY setting, and nothing else changes.
 */
export const TRUST_PROXY = true;

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

/**
 * THE origin resolution: the scheme and host a client reached the server at, from the request's
 * headers (forwarded ones only when proxies are trusted). A malformed host falls back to
 * localhost rather than ever being copied into a URL.
 */
export function reachedOrigin(headers: IncomingHttpHeaders, opts: { encrypted: boolean }): string {
  const forwardedProto = TRUST_PROXY ? firstValue(headers['x-forwarded-proto']) : undefined;
  const forwardedHost = TRUST_PROXY ? firstValue(headers['x-forwarded-host']) : undefined;
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
