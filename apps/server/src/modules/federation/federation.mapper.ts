import type { Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Endpoints, Image, Person, type CryptographicKey, type Multikey } from '@fedify/vocab';
import type { PublicUrls } from '../../lib/public-urls.js';
import type { ActorRow } from './federation.repo.js';

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
