import type { PostImage } from '@glimpse/shared';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';

/**
 * Helpers for showing a post image without layout shift: the intrinsic size reserves the box
 * (CSS aspect-ratio), the ThumbHash fills it with a blurred preview, and `srcset` lets the
 * browser pick the smallest variant that is sharp at the rendered size.
 */

/** Decoding is cheap but not free, and the same placeholders render many times while scrolling. */
const placeholderCache = new Map<string, string | null>();
const PLACEHOLDER_CACHE_MAX = 500;

function hashBytes(hash: string): Uint8Array {
  return Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
}

/**
 * A ThumbHash's average colour as a CSS colour: read from its first bytes, so cheap enough for
 * every card's first render (the blurred preview itself is decoded later, placeholderToDataUrl).
 * Null when absent or undecodable.
 */
export function placeholderColor(hash: string | null | undefined): string | null {
  if (!hash) return null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(hashBytes(hash));
    return `rgb(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)})`;
  } catch {
    return null;
  }
}

/** The blurred preview of a hash if it was decoded already: undefined when it has not been. */
export function decodedPlaceholder(hash: string | null | undefined): string | null | undefined {
  return hash ? placeholderCache.get(hash) : null;
}

/** The server's base64 ThumbHash as a data: URL, or null when absent or undecodable. */
export function placeholderToDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = placeholderCache.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    url = thumbHashToDataURL(hashBytes(hash));
  } catch {
    // A malformed hash only costs the preview; the image itself still loads.
    url = null;
  }
  if (placeholderCache.size >= PLACEHOLDER_CACHE_MAX) placeholderCache.clear();
  placeholderCache.set(hash, url);
  return url;
}

/** "a.webp 320w, b.webp 640w"; undefined when the server sent no variants (older posts). */
export function buildSrcSet(image: Pick<PostImage, 'variants'>): string | undefined {
  const variants = (image.variants ?? []).filter((v) => v.url && v.width > 0);
  if (variants.length === 0) return undefined;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

export interface RatioBounds {
  /** Narrowest allowed width/height (portrait limit). */
  min: number;
  /** Widest allowed width/height (landscape limit). */
  max: number;
}

/** Cards stay between 3:4 portrait and 4:3 landscape so one panorama cannot flatten a column. */
export const CARD_RATIO_BOUNDS: RatioBounds = { min: 3 / 4, max: 4 / 3 };

/** width / height of the image, clamped; 1 when the size is unknown. */
export function aspectRatioOf(
  image: Pick<PostImage, 'width' | 'height'> | undefined,
  bounds?: RatioBounds,
): number {
  const ratio = image && image.width > 0 && image.height > 0 ? image.width / image.height : 1;
  if (!bounds) return ratio;
  return Math.min(bounds.max, Math.max(bounds.min, ratio));
}

/** The alt text the spec asks for: the image's own alt text, else its caption, else a fallback. */
export function altTextOf(image: Pick<PostImage, 'altText' | 'caption'>, fallback: string): string {
  return image.altText?.trim() || image.caption?.trim() || fallback;
}
