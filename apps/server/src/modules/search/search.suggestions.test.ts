import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SEARCH_SUGGESTIONS_PER_KIND, type SearchSuggestions } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from '../posts/posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let viewer: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t, { username: 'harbour_hana', displayName: 'Hana Harbour', followersCount: 9 });
  viewer = await seedUser(t, { username: 'viewer', displayName: 'Vi Ewer' });
  for (let i = 0; i < 7; i++) {
    await seedUser(t, { username: `harry${i}`, displayName: `Harry ${i}`, followersCount: i });
  }
  await follow(t, viewer, author);
  await insertPostRow(t, author, { title: 'Boats', tags: ['harbour', 'boats'], city: 'Harlem' });
  await insertPostRow(t, author, { title: 'Quay', tags: ['harbourlights'], city: 'Harlem' });
  await insertPostRow(t, author, {
    title: 'Hidden',
    tags: ['harsecret'],
    city: 'Hardcastle',
    privacy: 'private',
  });
});
afterAll(async () => {
  await t.close();
});

async function suggest(q: string, who?: SeededUser) {
  return t.app.inject({
    method: 'GET',
    url: `/api/search/suggestions?q=${encodeURIComponent(q)}`,
    headers: who?.auth ?? {},
  });
}

describe('GET /api/search/suggestions', () => {
  it('answers a few people, tags and places for a text, no posts, privacy applied', async () => {
    const res = await suggest('har');
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchSuggestions>();
    expect(body.query).toBe('har');
    expect(Object.keys(body).sort()).toEqual(['places', 'query', 'tags', 'users']);
    expect(body.users.length).toBe(SEARCH_SUGGESTIONS_PER_KIND);
    expect(body.users.every((u) => /har/i.test(`${u.username} ${u.profile.displayName}`))).toBe(true);
    expect(body.tags.map((tag) => tag.tag).sort()).toEqual(['harbour', 'harbourlights']);
    // The private post's place and tag are nobody else's business.
    expect(body.places).toEqual([{ city: 'Harlem', count: 2 }]);
  });

  it('says whether a signed-in viewer follows each person', async () => {
    const body = (await suggest('hana', viewer)).json<SearchSuggestions>();
    expect(body.users.map((u) => [u.username, u.isFollowedByUser])).toEqual([['harbour_hana', true]]);
    expect((await suggest('hana')).json<SearchSuggestions>().users[0]).not.toHaveProperty('isFollowedByUser');
  });

  it('refuses an empty text with the search message', async () => {
    const res = await suggest('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(MSG.queryEmpty);
  });
});
