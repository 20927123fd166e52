import type { Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import {
  Endpoints,
  Hashtag,
  Image,
  Note,
  Person,
  Place,
  PUBLIC_COLLECTION,
  type CryptographicKey,
  type Multikey,
} from '@fedify/vocab';
import type { PublicUrls } from '../../lib/public-urls.js';
import { BlurhashImage, MediaNote } from './federation.blurhash.js';
import type { ActorRow, OutgoingPostRow } from './federation.repo.js';

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The media type of a stored image path, by its extension (our pipeline writes WebP). */
export function imageTypeOf(path: string): string | undefined {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return IMAGE_TYPES[ext];
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text as the HTML ActivityPub carries: escaped, one paragraph per blank-line block. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The profile page of a member, what the actor URL sends a browser to. */
export const profileUrl = (origin: string, username: string): URL =>
  new URL(`/profile/${encodeURIComponent(username)}`, origin);

/** A member as an ActivityPub Person. */
export function toPerson(
  ctx: Context<unknown>,
  row: ActorRow,
  keys: { cryptographicKey: CryptographicKey; multikey: Multikey }[],
  urls: PublicUrls,
): Person {
  const avatarType = row.avatarUrl ? imageTypeOf(row.avatarUrl) : undefined;
  return new Person({
    id: ctx.getActorUri(row.id),
    preferredUsername: row.username,
    name: row.displayName || row.username,
    summary: row.bio ? textToHtml(row.bio) : null,
    url: profileUrl(urls.origin, row.username),
    published: Temporal.Instant.fromEpochMilliseconds(row.createdAt.getTime()),
    manuallyApprovesFollowers: row.isPrivate,
    discoverable: !row.isPrivate,
    inbox: ctx.getInboxUri(row.id),
    outbox: ctx.getOutboxUri(row.id),
    followers: ctx.getFollowersUri(row.id),
    following: ctx.getFollowingUri(row.id),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((k) => k.multikey),
    icon: row.avatarUrl
      ? new Image({ url: new URL(urls.media(row.avatarUrl)), mediaType: avatarType ?? null })
      : null,
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** ActivityPub HTML (a bio, a caption) as our plain text: tags dropped, paragraphs and breaks kept. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** The web page of a post. */
export const postPageUrl = (origin: string, postId: string): URL => new URL(`/posts/${postId}`, origin);

/**
 * A post as a Note: title and text as HTML with its #tags linked, each image as an Image (as
 * Pixelfed sends them) with its media type, the absolute URL of its stored original (≤ 2048 px),
 * alt text as `name`, width and height; the place as `location`. `audience` says who it is
 * addressed to (Public + followers, or followers only).
 */
export function toNote(
  ctx: Context<unknown>,
  post: OutgoingPostRow,
  urls: PublicUrls,
  audience: 'public' | 'followers',
): Note {
  const followers = ctx.getFollowersUri(post.authorId);
  const tagLinks = post.tags.map((t) => t.replace(/^#/, '')).filter(Boolean);
  const tagsHtml = tagLinks
    .map(
      (t) =>
        `<a href="${escapeHtml(new URL(`/tags/${encodeURIComponent(t)}`, urls.origin).href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(t)}</span></a>`,
    )
    .join(' ');
  const content = [textToHtml(post.title), textToHtml(post.content), tagsHtml ? `<p>${tagsHtml}</p>` : '']
    .filter(Boolean)
    .join('');
  return new MediaNote({
    id: ctx.getObjectUri(Note, { id: post.id }),
    attribution: ctx.getActorUri(post.authorId),
    url: postPageUrl(urls.origin, post.id),
    name: null,
    summary: null,
    content,
    published: Temporal.Instant.fromEpochMilliseconds(post.createdAt.getTime()),
    updated: post.editedAt ? Temporal.Instant.fromEpochMilliseconds(post.editedAt.getTime()) : null,
    tos: audience === 'public' ? [PUBLIC_COLLECTION] : [followers],
    ccs: audience === 'public' ? [followers] : [],
    attachments: post.images.map((img) =>
      BlurhashImage.of(
        {
          url: new URL(urls.media(img.url)),
          mediaType: imageTypeOf(img.url) ?? null,
          name: img.altText || null,
          width: img.width,
          height: img.height,
        },
        img.blurhash,
      ),
    ),
    tags: tagLinks.map(
      (t) => new Hashtag({ href: new URL(`/tags/${encodeURIComponent(t)}`, urls.origin), name: `#${t}` }),
    ),
    location: post.locationName
      ? new Place({
          name: post.locationName,
          latitude: post.latitude ?? null,
          longitude: post.longitude ?? null,
        })
      : null,
  });
}
