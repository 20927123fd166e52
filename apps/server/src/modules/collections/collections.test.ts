import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_MSG,
  POST_MSG,
  type Collection,
  type CollectionPage,
  type Post,
  type PostList,
} from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';

let t: TestApp;
let owner: SeededUser;
let other: SeededUser;
let author: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await seedUser(t);
  other = await seedUser(t);
  author = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SeededUser | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload });
async function create(who: SeededUser, body: object): Promise<Collection> {
  const res = await call('POST', '/api/collections', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ collection: Collection }>().collection;
}
const listOf = async (userId: string, who: SeededUser | null) =>
  (await call('GET', `/api/users/${userId}/collections`, who)).json<{ collections: Collection[] }>()
    .collections;

describe('collections', () => {
  it('creates, validates, renames and deletes, owner only', async () => {
    const c = await create(owner, { title: ' Trips ', description: 'Places' });
    expect(c).toEqual({
      id: c.id,
      _id: c.id,
      ownerId: owner.id,
      title: 'Trips',
      description: 'Places',
      isPrivate: false,
      postsCount: 0,
      cover: null,
    });
    for (const [body, message] of [
      [{ title: '' }, COLLECTION_MSG.titleRequired],
      [{ title: 'x'.repeat(61) }, COLLECTION_MSG.titleTooLong],
      [{ title: 'ok', description: 'x'.repeat(301) }, COLLECTION_MSG.descriptionTooLong],
      [{ title: 'ok', isPrivate: 'yes' }, COLLECTION_MSG.isPrivateInvalid],
    ] as const) {
      const res = await call('POST', '/api/collections', owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const renamed = await call('PUT', `/api/collections/${c.id}`, owner, { title: 'Journeys' });
    expect(renamed.json<{ collection: Collection }>().collection.title).toBe('Journeys');
    const refused = await call('PUT', `/api/collections/${c.id}`, other, { title: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COLLECTION_MSG.notYours);
    expect((await call('DELETE', `/api/collections/${c.id}`, other, {})).statusCode).toBe(403);
    const gone = await call('DELETE', `/api/collections/${c.id}`, owner, {});
    expect(gone.json()).toEqual({ message: COLLECTION_MSG.deleted });
    expect((await call('GET', `/api/collections/${c.id}`, owner)).statusCode).toBe(404);
  });

  it('adding a post saves it; the page, counts and cover follow what the viewer may see', async () => {
    const c = await create(owner, { title: 'Food' });
    const first = await createPostViaApi(t, author, { title: 'Noodles' });
    const second = await createPostViaApi(t, author, { title: 'Dumplings' });
    for (const post of [first, second]) {
      const res = await call('POST', `/api/collections/${c.id}/posts`, owner, { postId: post.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const detail = (await call('GET', `/api/posts/${first.id}`, owner)).json<Post>();
    expect(detail).toMatchObject({ isSavedByUser: true, savesCount: 1 });
    const saved = (await call('GET', '/api/users/me/saved', owner)).json<PostList>();
    expect(saved.posts.map((p) => p.id)).toEqual([second.id, first.id]);

    const page = (await call('GET', `/api/collections/${c.id}`, other)).json<CollectionPage>();
    expect(page.collection).toMatchObject({ title: 'Food', postsCount: 2 });
    expect(page.posts.map((p) => p.id)).toEqual([second.id, first.id]);

    // The newer post turns private: others no longer see it, its count, or it as the cover.
    await call('PUT', `/api/posts/${second.id}`, author, { privacy: 'private' });
    const after = (await call('GET', `/api/collections/${c.id}`, other)).json<CollectionPage>();
    expect(after.collection.postsCount).toBe(1);
    expect(after.posts.map((p) => p.id)).toEqual([first.id]);
    expect((await listOf(owner.id, other))[0]).toMatchObject({ id: c.id, postsCount: 1 });

    const removed = await call('DELETE', `/api/collections/${c.id}/posts/${first.id}`, owner, {});
    expect(removed.json<{ collection: Collection }>().collection.postsCount).toBe(0);
    // Taking it out of the collection keeps it saved.
    expect((await call('GET', `/api/posts/${first.id}`, owner)).json<Post>().isSavedByUser).toBe(true);

    const hidden = await createPostViaApi(t, author, { privacy: 'private' });
    const refused = await call('POST', `/api/collections/${c.id}/posts`, owner, { postId: hidden.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(POST_MSG.notFound);
  });

  it('a private collection is its owner’s alone: 404 and left out of lists for others', async () => {
    const secret = await create(owner, { title: 'Gifts', isPrivate: true });
    const open = await create(owner, { title: 'Open' });
    const other404 = await call('GET', `/api/collections/${secret.id}`, other);
    expect(other404.statusCode).toBe(404);
    expect(other404.json().message).toBe(COLLECTION_MSG.notFound);
    expect((await call('GET', `/api/collections/${secret.id}`, null)).statusCode).toBe(404);
    expect((await call('PUT', `/api/collections/${secret.id}`, other, { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/collections/${secret.id}`, owner)).statusCode).toBe(200);
    const mine = (await listOf(owner.id, owner)).map((c) => c.id);
    expect(mine).toEqual(expect.arrayContaining([secret.id, open.id]));
    const theirs = (await listOf(owner.id, other)).map((c) => c.id);
    expect(theirs).toContain(open.id);
    expect(theirs).not.toContain(secret.id);
  });
});
