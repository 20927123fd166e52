import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi, insertPostRow } from '../posts/posts.fixtures.js';
import { searchPostsQuery } from './search.repo.js';

/** SPEC §3/§7: `results.posts` is what a spec client reads, so every `type` fills it. */

let t: TestApp;
let marta: SeededUser;
let other: SeededUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  marta = await seedUser(t, { username: 'marta_lens', displayName: 'Marta Lens' });
  other = await seedUser(t, { username: 'quiet_one' });
  const make = async (key: string, author: SeededUser, body: Record<string, unknown>) => {
    ids[key] = (await createPostViaApi(t, author, body)).id;
  };
  await make('martaCafe', marta, { title: 'Corner cafe', content: 'Espresso', tags: ['coffee'] });
  await make('martaPrivate', marta, { title: 'Diary', content: 'Mine only', privacy: 'private' });
  await make('otherKyoto', other, {
    title: 'Temple steps',
    content: 'Quiet morning',
    tags: ['Kyoto', 'travel'],
    location: { name: 'Fushimi Inari', address: { city: 'Kyoto' } },
  });
  await make('otherCoffee', other, { title: 'Beans', content: 'Roasting day', tags: ['CoffeeBeans'] });
});
afterAll(async () => {
  await t.close();
});

async function search(q: string, type: string, user?: SeededUser): Promise<SearchResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}&type=${type}`,
    headers: user?.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}
const postIds = (r: SearchResponse) => r.results.posts.map((p) => p.id).sort();

describe('results.posts for every type', () => {
  it('users: the posts of the matching members, beside the members themselves', async () => {
    const r = await search('marta', 'users');
    expect(r.results.users.map((u) => u.username)).toEqual(['marta_lens']);
    expect(postIds(r)).toEqual([ids.martaCafe]);
    // Privacy still applies: the author sees her private post too.
    expect(postIds(await search('marta', 'users', marta))).toEqual([ids.martaCafe, ids.martaPrivate].sort());
  });

  it('tags: the posts carrying a matching tag (prefix, any case), beside the tag counts', async () => {
    const r = await search('coffee', 'tags');
    expect(r.results.tags.map((x) => x.tag).sort()).toEqual(['CoffeeBeans', 'coffee']);
    expect(postIds(r)).toEqual([ids.martaCafe, ids.otherCoffee].sort());
    expect(postIds(await search('#kyo', 'tags'))).toEqual([ids.otherKyoto]);
  });

  it('places: the posts in the matching place, by city or location name', async () => {
    const r = await search('kyoto', 'places');
    expect(r.results.places).toEqual([{ city: 'Kyoto', count: 1 }]);
    expect(postIds(r)).toEqual([ids.otherKyoto]);
    expect(postIds(await search('inari', 'places'))).toEqual([ids.otherKyoto]);
  });

  it('posts and all: the text search, as before', async () => {
    expect(postIds(await search('espresso', 'posts'))).toEqual([ids.martaCafe]);
    expect(postIds(await search('espresso', 'all'))).toEqual([ids.martaCafe]);
  });

  it('is empty, not missing, when nothing matches', async () => {
    for (const type of ['users', 'tags', 'places'])
      expect((await search('zzzzqq', type)).results.posts).toEqual([]);
  });
});

describe('each tier of post search, through the newest posts or through the word index', () => {
  it('pages exactly alike whichever way each tier is read', async () => {
    const author = await seedUser(t, { username: 'lantern_maker' });
    const made: string[] = [];
    for (let i = 0; i < 75; i++) {
      // Titles (tier 0) every third post, bodies (tier 1) otherwise; some share a timestamp.
      const at = new Date(Date.parse('2026-05-01T00:00:00Z') + Math.floor(i / 2) * 60_000);
      const body =
        i % 3 === 0
          ? { title: `Lantern ${i}`, content: 'Evening walk', createdAt: at }
          : {
              title: `Walk ${i}`,
              content: i % 2 ? 'A paper lantern glowing' : 'lantern, lantern and lanterns',
              createdAt: at,
            };
      made.push(await insertPostRow(t, author, body));
    }
    const db = t.database.db;
    const pages = async (window: number) => {
      const seen: string[][] = [];
      for (let offset = 0; offset < 90; offset += 10) {
        const rows = await searchPostsQuery(db, 'lantern', null, { offset, limit: 10 }, window);
        seen.push(rows.map((r) => r.id));
      }
      return seen;
    };
    // Window 0: every tier from the word index alone (the reference). 2000: the newest posts hold
    // enough matches for the first pages. 20 and 45: a window boundary inside the matches.
    const reference = await pages(0);
    expect(new Set(reference.flat().filter((id) => made.includes(id))).size).toBe(75);
    for (const window of [20, 45, 2000]) expect(await pages(window), `window ${window}`).toEqual(reference);
  });
});
