import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SEARCH_MSG, type SearchResponse } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from '../posts/posts.fixtures.js';

let t: TestApp;
let ava: SeededUser;
let liam: SeededUser;
let author: SeededUser;
let stranger: SeededUser;
const ids: Record<string, string> = {};
const BASE = Date.parse('2026-02-01T00:00:00Z');
let clock = 0;
/** Distinct, increasing times, so "newest first" among equals is predictable. */
const nextTime = () => new Date(BASE + ++clock * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  ava = await seedUser(t, { username: 'ava', displayName: 'Ava Chen', followersCount: 5 });
  await seedUser(t, { username: 'avery', displayName: 'Avery Stone', followersCount: 90 });
  liam = await seedUser(t, { username: 'liam', displayName: 'Liam Patel', followersCount: 40 });
  author = await seedUser(t, { username: 'writer', displayName: 'Wren Writer' });
  stranger = await seedUser(t, { username: 'stranger', displayName: 'Sam Stranger' });
  await follow(t, stranger, liam);

  // The body-only hit is newer and says "sunrise" three times: it must still rank below the title hit.
  ids.titleHit = await insertPostRow(t, author, {
    title: 'Sunrise over the harbour',
    content: 'A quiet morning.',
    createdAt: nextTime(),
  });
  ids.bodyHit = await insertPostRow(t, author, {
    title: 'Morning walk',
    content: 'Sunrise at the beach. The sunrise was pink, the best sunrise of the year.',
    createdAt: nextTime(),
  });
  ids.private = await insertPostRow(t, author, {
    title: 'Sunrise secret spot',
    privacy: 'private',
    tags: ['sunsecret'],
    city: 'Hiddenville',
    createdAt: nextTime(),
  });
  for (let i = 0; i < 3; i++) {
    await insertPostRow(t, author, {
      title: `Evening ${i}`,
      tags: i === 0 ? ['Sunset', 'sunrise'] : ['sunset'],
      createdAt: nextTime(),
    });
  }
  await insertPostRow(t, author, {
    title: 'Bay bridge',
    city: 'San Francisco',
    locationName: 'Golden Gate Park',
    createdAt: nextTime(),
  });
  await insertPostRow(t, author, {
    title: 'Cable cars',
    city: 'san francisco',
    locationName: 'Nob Hill',
    createdAt: nextTime(),
  });
  await insertPostRow(t, author, { title: 'Fog', city: 'Santa Cruz', createdAt: nextTime() });
  for (let i = 0; i < 12; i++) {
    await insertPostRow(t, author, {
      title: `Pagination fixture ${i}`,
      content: 'zebracrossing',
      createdAt: nextTime(),
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function get(query: string, viewer?: SeededUser) {
  return t.app.inject({ method: 'GET', url: `/api/search${query}`, headers: viewer?.auth ?? {} });
}
async function ok(query: string, viewer?: SeededUser): Promise<SearchResponse> {
  const res = await get(query, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}
const q = (text: string, rest = '') => `?q=${encodeURIComponent(text)}${rest}`;

describe('GET /api/search: input', () => {
  it.each([
    ['', 'q missing'],
    ['?q=', 'q empty'],
    ['?q=%20%20%20', 'q blank'],
    ['?q=%09%0A%0D', 'q only control characters'],
  ])('answers 400 "Query cannot be empty" for %s (%s)', async (query) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Query cannot be empty', code: 'VALIDATION' });
  });

  it.each([
    [q('a'.repeat(201)), SEARCH_MSG.queryTooLong],
    [q('x'.repeat(10_000)), SEARCH_MSG.queryTooLong],
    [q('sun', '&type=hashtags'), SEARCH_MSG.invalidType],
    [q('sun', '&page=0'), 'page must be an integer of 1 or more'],
    [q('sun', '&page=-1'), 'page must be an integer of 1 or more'],
    [q('sun', '&page=abc'), 'page must be an integer of 1 or more'],
    [q('sun', '&page=1.5'), 'page must be an integer of 1 or more'],
    [q('sun', '&limit=51'), 'limit must be an integer from 1 to 50'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  // Raw query strings a browser would never send: bad percent-encoding, invalid UTF-8, repeats.
  it.each([
    '?q=%ED%A0%80',
    '?q=%FF%FE',
    '?q=%',
    '?q=%%41',
    '?q=a&q=b',
    '?q[]=a',
    '?q=sun&type=posts&type=users',
  ])('answers %s with 200 or a clean 400, never a 500', async (raw) => {
    const res = await get(raw);
    expect([200, 400]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty(res.statusCode === 200 ? 'results' : 'message');
  });

  it('echoes the trimmed query and type; a single type leaves the other lists empty', async () => {
    const body = await ok(q('  sunrise  ', '&type=posts'));
    expect(body.query).toBe('sunrise');
    expect(body.type).toBe('posts');
    expect(body.results.posts.length).toBeGreaterThan(0);
    expect(body.results).toMatchObject({ users: [], tags: [], places: [] });
    expect((await ok(q('ava', '&type=users'))).results).toMatchObject({ posts: [], tags: [], places: [] });
  });

  it('type defaults to all and fills every list', async () => {
    const body = await ok(q('s'));
    expect(body.type).toBe('all');
    expect(body.results.users.length).toBeGreaterThan(0);
    expect(body.results.tags.length).toBeGreaterThan(0);
    expect(body.results.places.length).toBeGreaterThan(0);
  });

  // None of these may become a regex, a LIKE wildcard, tsquery syntax or SQL.
  it.each([
    "'",
    '"',
    '\\',
    '%',
    '_',
    '%_%',
    '!!!',
    '&|',
    '):*(',
    "a:* & b') | !c",
    "' or 1=1 --",
    "'; drop table posts; --",
    '<script>alert(1)</script>',
    '🌅🌊',
    '(((',
    '.*',
    '[a-z]+',
    'x'.repeat(200),
    '-',
    '"unterminated',
    'sun\trise',
  ])('answers 200 for the hostile query %j on every type', async (text) => {
    for (const type of ['all', 'users', 'posts', 'tags', 'places']) {
      const body = await ok(q(text, `&type=${type}`));
      expect(Array.isArray(body.results.posts) && Array.isArray(body.results.users)).toBe(true);
    }
  });

  it('answers 400 naming the query for a NUL in q', async () => {
    const nul = await get('?q=sun%00rise');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: MSG.unsafeTextIn('query.q'), code: 'BAD_TEXT' });
  });

  it('treats a bad token as no token (auth is optional)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search${q('sunrise')}`,
      headers: { authorization: 'Bearer junk' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SearchResponse>().results.posts.map((p) => p.id)).not.toContain(ids.private);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    const body = await ok(q('%'));
    expect(body.results.users).toEqual([]);
    expect(body.results.places).toEqual([]);
    expect(body.results.tags).toEqual([]);
    expect((await ok(q('_'))).results.users).toEqual([]);
  });
});

describe('GET /api/search: posts', () => {
  it('ranks a title hit above a newer body-only hit', async () => {
    const ranked = (await ok(q('sunrise', '&type=posts'))).results.posts.map((p) => p.id);
    expect(ranked).toContain(ids.bodyHit);
    expect(ranked.indexOf(ids.titleHit!)).toBeLessThan(ranked.indexOf(ids.bodyHit!));
  });

  it('finds half-typed and inflected words', async () => {
    const partial = (await ok(q('sunri', '&type=posts'))).results.posts.map((p) => p.id);
    expect(partial).toEqual(expect.arrayContaining([ids.titleHit, ids.bodyHit]));
    const plural = (await ok(q('Sunrises harbours', '&type=posts'))).results.posts.map((p) => p.id);
    expect(plural).toEqual([ids.titleHit]);
  });

  it('honours websearch syntax: an excluded word stays excluded', async () => {
    const found = (await ok(q('sunrise -beach', '&type=posts'))).results.posts.map((p) => p.id);
    expect(found).toContain(ids.titleHit);
    expect(found).not.toContain(ids.bodyHit);
  });

  it('shows a private post to its author only, and hydrates full Post objects', async () => {
    const visitor = (await ok(q('secret', '&type=posts'))).results.posts;
    expect(visitor).toEqual([]);
    expect((await ok(q('secret', '&type=posts'), stranger)).results.posts).toEqual([]);
    const own = (await ok(q('secret', '&type=posts'), author)).results.posts;
    expect(own.map((p) => p.id)).toEqual([ids.private]);
    expect(own[0]).toMatchObject({
      _id: ids.private,
      privacy: 'private',
      author: { username: 'writer' },
      media: { images: [] },
    });
  });

  it('pages by number: a full page of 10 says more exists, page 2 holds the rest', async () => {
    const one = await ok(q('zebracrossing', '&type=posts'));
    expect(one.results.posts).toHaveLength(10);
    expect(one.pagination).toMatchObject({ currentPage: 1, hasNextPage: true, hasPrevPage: false });
    const two = await ok(q('zebracrossing', '&type=posts&page=2'));
    expect(two.results.posts).toHaveLength(2);
    expect(two.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
    const all = [...one.results.posts, ...two.results.posts].map((p) => p.id);
    expect(new Set(all).size).toBe(12);
    // type=all pages its posts list the same way (SPEC §7 clients read results.posts only).
    expect((await ok(q('zebracrossing', '&page=2'))).results.posts.map((p) => p.id)).toEqual(
      two.results.posts.map((p) => p.id),
    );
  });
});

describe('GET /api/search: users', () => {
  const usernames = (body: SearchResponse) => body.results.users.map((u) => u.username);

  it('finds people despite typos, in username or display name', async () => {
    expect(usernames(await ok(q('avva', '&type=users')))).toContain('ava');
    expect(usernames(await ok(q('chn', '&type=users')))).toContain('ava');
    expect(usernames(await ok(q('patle', '&type=users')))).toContain('liam');
    expect(usernames(await ok(q('Stone', '&type=users')))).toEqual(['avery']);
  });

  it('puts the exact username first, then prefix matches by followers', async () => {
    expect(usernames(await ok(q('AVA', '&type=users'))).slice(0, 2)).toEqual(['ava', 'avery']);
    expect(usernames(await ok(q('av', '&type=users'))).slice(0, 2)).toEqual(['avery', 'ava']);
  });

  it('answers PublicUsers: follow state only for a signed-in viewer, never an email', async () => {
    const [visitorView] = (await ok(q('liam', '&type=users'))).results.users;
    expect(visitorView).not.toHaveProperty('isFollowedByUser');
    expect(visitorView).not.toHaveProperty('email');
    const [memberView] = (await ok(q('liam', '&type=users'), stranger)).results.users;
    expect(memberView).toMatchObject({
      id: liam.id,
      _id: liam.id,
      isFollowedByUser: true,
      profile: { displayName: 'Liam Patel' },
    });
    const [other] = (await ok(q('ava', '&type=users'), stranger)).results.users;
    expect(other).toMatchObject({ id: ava.id, isFollowedByUser: false });
  });
});

describe('GET /api/search: the counts on people', () => {
  it("counts each person's posts as the viewer may see them (the private one for its author only)", async () => {
    const postsOfWriter = async (viewer?: SeededUser) =>
      (await ok(q('writer', '&type=users'), viewer)).results.users.find((u) => u.id === author.id)?.stats
        .postsCount;
    // 20 public posts and one private one (the fixtures above); the stored counter says 0.
    expect(await postsOfWriter()).toBe(20);
    expect(await postsOfWriter(stranger)).toBe(20);
    expect(await postsOfWriter(author)).toBe(21);
  });
});

describe('GET /api/search: tags and places', () => {
  it('lists tags by prefix, case-insensitively, with counts of visible posts, most first', async () => {
    const tags = (await ok(q('SUN', '&type=tags'))).results.tags;
    expect(tags).toEqual([
      { tag: 'sunset', count: 3 },
      { tag: 'sunrise', count: 1 },
    ]);
    expect((await ok(q('#sunset', '&type=tags'))).results.tags).toEqual([{ tag: 'sunset', count: 3 }]);
    expect((await ok(q('unset', '&type=tags'))).results.tags).toEqual([]);
  });

  it("does not count a private post's tag for anyone but its author", async () => {
    expect((await ok(q('sunsec', '&type=tags'), stranger)).results.tags).toEqual([]);
    expect((await ok(q('sunsec', '&type=tags'), author)).results.tags).toEqual([
      { tag: 'sunsecret', count: 1 },
    ]);
  });

  it('finds cities by name or by post location name, grouped case-insensitively', async () => {
    const francisco = (await ok(q('francisco', '&type=places'))).results.places;
    expect(francisco.map((p) => ({ city: p.city.toLowerCase(), count: p.count }))).toEqual([
      { city: 'san francisco', count: 2 },
    ]);
    // Only the post at Golden Gate Park matches, so the count is 1 and the city is spelled as it is there.
    expect((await ok(q('golden gate', '&type=places'))).results.places).toEqual([
      { city: 'San Francisco', count: 1 },
    ]);
    expect((await ok(q('SAN', '&type=places'))).results.places.map((p) => p.city.toLowerCase())).toEqual([
      'san francisco',
      'santa cruz',
    ]);
  });

  it("does not reveal a private post's city to others", async () => {
    expect((await ok(q('hidden', '&type=places'))).results.places).toEqual([]);
    expect((await ok(q('hidden', '&type=places'), stranger)).results.places).toEqual([]);
    expect((await ok(q('hidden', '&type=places'), author)).results.places).toEqual([
      { city: 'Hiddenville', count: 1 },
    ]);
  });
});
