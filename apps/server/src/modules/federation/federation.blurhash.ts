import { Create, Image, Note, Update } from '@fedify/vocab';
import { encode } from 'blurhash';
import { eq } from 'drizzle-orm';
import type { ImageVariant } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { postMedia } from '../../db/schema/index.js';
import { isValidMediaKey, MEDIA_URL_PREFIX } from '../../lib/storage/media-storage.js';
import { imageQueue, loadSharp } from '../media/media.pipeline.js';

/**
 * BlurHash on outgoing Image attachments (what Mastodon and Pixelfed paint before an image loads).
 * We keep a ThumbHash for our own clients; the BlurHash is computed from the smallest stored
 * variant the first time a post's Note is built, and kept in `post_media.blurhash`.
 *
 * Fedify's vocabulary has no `blurhash` property: BlurhashImage adds it to its JSON-LD (as
 * `toot:blurhash`), and the Note, Create and Update below name it `blurhash` in their compacted
 * JSON with a `blurhash: toot:blurhash` term in the context, as Mastodon writes it (other servers
 * read the plain `blurhash` key).
 */

const BLURHASH_IRI = 'http://joinmastodon.org/ns#blurhash';
/** Longest side of the picture the hash is computed from (BlurHash keeps only a few components). */
const BLURHASH_SOURCE_PX = 64;
const COMPONENTS_X = 4;
const COMPONENTS_Y = 3;

type JsonLdOptions = Parameters<Image['toJsonLd']>[0];

export class BlurhashImage extends Image {
  blurhashValue: string | null = null;

  static of(values: ConstructorParameters<typeof Image>[0], blurhash: string | null): BlurhashImage {
    const image = new BlurhashImage(values);
    image.blurhashValue = blurhash;
    return image;
  }

  override clone(...args: Parameters<Image['clone']>): Image {
    const copy = super.clone(...args);
    if (copy instanceof BlurhashImage) copy.blurhashValue = this.blurhashValue;
    return copy;
  }

  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const json = await super.toJsonLd(options);
    if (!this.blurhashValue) return json;
    if (options?.format === 'expand' && Array.isArray(json) && json[0] && typeof json[0] === 'object') {
      return [{ ...json[0], [BLURHASH_IRI]: [{ '@value': this.blurhashValue }] }, ...json.slice(1)];
    }
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      return { ...json, [BLURHASH_IRI]: this.blurhashValue };
    }
    return json;
  }
}

/** Renames `toot:blurhash` (and the full IRI) to `blurhash` everywhere and defines the term in the context. */
export function withBlurhashTerm(json: unknown): unknown {
  let found = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === 'toot:blurhash' || key === BLURHASH_IRI) {
        found = true;
        out.blurhash = v;
      } else out[key] = key === '@context' ? v : walk(v);
    }
    return out;
  };
  const result = walk(json) as Record<string, unknown>;
  if (!found || !result || typeof result !== 'object' || Array.isArray(result)) return result;
  const context = result['@context'];
  const term = { toot: 'http://joinmastodon.org/ns#', blurhash: 'toot:blurhash' };
  result['@context'] = Array.isArray(context) ? [...context, term] : context ? [context, term] : term;
  return result;
}

/** A Note whose Image attachments may carry a BlurHash. */
export class MediaNote extends Note {
  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const json = await super.toJsonLd(options);
    return options?.format === 'expand' ? json : withBlurhashTerm(json);
  }
}
export class MediaCreate extends Create {
  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const json = await super.toJsonLd(options);
    return options?.format === 'expand' ? json : withBlurhashTerm(json);
  }
}
export class MediaUpdate extends Update {
  override async toJsonLd(options?: JsonLdOptions): Promise<unknown> {
    const json = await super.toJsonLd(options);
    return options?.format === 'expand' ? json : withBlurhashTerm(json);
  }
}

/** The BlurHash of a stored image (its smallest variant), or null when the file cannot be read. */
export async function computeBlurhash(ctx: AppContext, image: { url: string; variants: ImageVariant[] }) {
  const smallest = [...image.variants].sort((a, b) => a.width - b.width)[0]?.url ?? image.url;
  const key = smallest.startsWith(MEDIA_URL_PREFIX) ? smallest.slice(MEDIA_URL_PREFIX.length) : '';
  if (!isValidMediaKey(key)) return null;
  const bytes = await ctx.storage.get(key);
  if (!bytes) return null;
  const sharp = await loadSharp();
  return imageQueue.run(async () => {
    const { data, info } = await sharp(bytes)
      .resize({ width: BLURHASH_SOURCE_PX, height: BLURHASH_SOURCE_PX, fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return encode(new Uint8ClampedArray(data), info.width, info.height, COMPONENTS_X, COMPONENTS_Y);
  });
}

/**
 * Fills in the BlurHash of the images that have none yet (computed once, then read from
 * `post_media`); images whose file cannot be read go without one.
 */
export async function ensureBlurhashes<
  T extends { id: string; url: string; variants: ImageVariant[]; blurhash: string | null },
>(ctx: AppContext, images: T[]): Promise<T[]> {
  const out: T[] = [];
  for (const image of images) {
    if (image.blurhash) {
      out.push(image);
      continue;
    }
    const blurhash = await computeBlurhash(ctx, image).catch(() => null);
    if (blurhash) await ctx.db.update(postMedia).set({ blurhash }).where(eq(postMedia.id, image.id));
    out.push({ ...image, blurhash });
  }
  return out;
}
