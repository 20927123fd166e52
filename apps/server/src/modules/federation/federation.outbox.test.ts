import { createFederation } from '@fedify/testing';
import { type Hashtag, Image, type Place, PUBLIC_COLLECTION } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { MediaCreate } from './federation.blurhash.js';
import { toNote } from './federation.mapper.js';
import { audienceOf } from './federation.outbox.service.js';
import type { OutgoingPostRow } from './federation.repo.js';
import { configureFederation } from './federation.service.js';

/** The privacy rule of what leaves the server, and the Note a post becomes (@fedify/testing's context). */

const ORIGIN = 'https://glimpse.test';
const config = loadConfig({ FEDERATION: 'true', PUBLIC_ORIGIN: ORIGIN });
const mock = createFederation<AppContext>({ origin: ORIGIN });
configureFederation(mock, config.federation!);
const fed = mock.createContext(new URL(ORIGIN), {} as AppContext);
const urls = publicUrlsFor(config, ORIGIN);

const KEY = 'b'.repeat(64);
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
function post(
  over: Partial<OutgoingPostRow> = {},
  author: Partial<OutgoingPostRow['author']> = {},
): OutgoingPostRow {
  return {
    id: '0123456789abcdef01234567',
    authorId: '76543210fedcba9876543210',
    title: 'Harbour <at> dusk',
    content: 'Boats & gulls\nand light',
    tags: ['sea', 'dusk'],
    privacy: 'public',
    locationName: 'Lisbon, Portugal',
    latitude: 38.72,
    longitude: -9.14,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    editedAt: null,
    removedAt: null,
    author: { isPrivate: false, domain: null, suspendedAt: null, suspendedUntil: null, ...author },
    images: [
      {
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        url: `/media/${KEY}.webp`,
        variants: [],
        width: 2048,
        height: 1365,
        altText: 'Boats in the harbour',
        blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
      },
    ],
    ...over,
  };
}

describe('what leaves the server (audienceOf)', () => {
  it('public posts go to Public and followers; followers-only to followers; friends and private never', () => {
    expect(audienceOf(post({ privacy: 'public' }))).toBe('public');
    expect(audienceOf(post({ privacy: 'followers' }))).toBe('followers');
    expect(audienceOf(post({ privacy: 'friends' }))).toBeNull();
    expect(audienceOf(post({ privacy: 'private' }))).toBeNull();
  });

  it("a private account's public posts go to its followers only", () => {
    expect(audienceOf(post({ privacy: 'public' }, { isPrivate: true }))).toBe('followers');
    expect(audienceOf(post({ privacy: 'friends' }, { isPrivate: true }))).toBeNull();
  });

  it('removed posts, suspended members and accounts of other servers send nothing', () => {
    expect(audienceOf(post({ removedAt: new Date() }))).toBeNull();
    expect(audienceOf(post({ removedAt: new Date() }), { ignoreRemoval: true })).toBe('public');
    expect(audienceOf(post({}, { suspendedAt: new Date(), suspendedUntil: null }))).toBeNull();
    expect(audienceOf(post({}, { suspendedAt: new Date(0), suspendedUntil: new Date(1) }))).toBe('public');
    expect(audienceOf(post({}, { domain: 'elsewhere.test' }))).toBeNull();
  });
});

describe('a post as a Note', () => {
  it('carries Image attachments, Hashtags, the place and escaped HTML; addressed by audience', async () => {
    const note = toNote(fed, post(), urls, 'public');
    expect(note.id?.href).toBe(`${ORIGIN}/ap/posts/0123456789abcdef01234567`);
    expect(note.attributionId?.href).toBe(`${ORIGIN}/ap/users/76543210fedcba9876543210`);
    expect(note.url?.toString()).toBe(`${ORIGIN}/posts/0123456789abcdef01234567`);
    expect(note.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map(String)).toEqual([`${ORIGIN}/ap/users/76543210fedcba9876543210/followers`]);
    const content = note.content!.toString();
    expect(content).toContain('<p>Harbour &#60;at&#62; dusk</p><p>Boats &#38; gulls<br>and light</p>');
    expect(content).toContain('rel="tag"');

    const [image] = await collect(note.getAttachments());
    expect(image).toBeInstanceOf(Image);
    const img = image as Image;
    expect(img.mediaType).toBe('image/webp');
    expect(img.url?.toString()).toBe(`${ORIGIN}/media/${KEY}.webp`);
    expect(img.name?.toString()).toBe('Boats in the harbour');
    expect([img.width, img.height]).toEqual([2048, 1365]);

    const tags = (await collect(note.getTags())) as Hashtag[];
    expect(tags.map((t) => t.name?.toString())).toEqual(['#sea', '#dusk']);
    expect(tags[0]!.href?.href).toBe(`${ORIGIN}/tags/sea`);

    const place = (await note.getLocation()) as Place;
    expect(place.name?.toString()).toBe('Lisbon, Portugal');
    expect([place.latitude, place.longitude]).toEqual([38.72, -9.14]);

    const followersOnly = toNote(fed, post({ privacy: 'followers' }), urls, 'followers');
    expect(followersOnly.toIds.map(String)).toEqual([
      `${ORIGIN}/ap/users/76543210fedcba9876543210/followers`,
    ]);
    expect(followersOnly.ccIds).toEqual([]);
  });
});

describe('BlurHash on Image attachments', () => {
  it('is written as `blurhash` (toot:blurhash in the context), in the Note and in the Create that carries it', async () => {
    const note = toNote(fed, post(), urls, 'public');
    const create = new MediaCreate({
      id: new URL(`${note.id!.href}#create/1`),
      actor: note.attributionId,
      object: note,
    });
    for (const json of [
      (await create.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
      (await note.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
    ]) {
      const text = JSON.stringify(json);
      expect(text).toContain('"blurhash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj"');
      expect(text).not.toContain('"toot:blurhash":');
      expect(json['@context']).toContainEqual({
        toot: 'http://joinmastodon.org/ns#',
        blurhash: 'toot:blurhash',
      });
    }
    // Without a hash nothing is added.
    const plain = toNote(fed, post({ images: [{ ...post().images[0]!, blurhash: null }] }), urls, 'public');
    expect(JSON.stringify(await plain.toJsonLd({ format: 'compact' }))).not.toContain('blurhash');
  });
});
