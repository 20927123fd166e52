import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Chat } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../test/harness.js';
import { multipart, solidImage } from '../modules/media/media.fixtures.js';
import { createPostViaApi } from '../modules/posts/posts.fixtures.js';

let t: TestApp;
let ana: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await seedUser(t);
  bob = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('empty JSON bodies read as {}', () => {
  it('like, follow, share, open and delete a chat with Content-Type: application/json and no body', async () => {
    const post = await createPostViaApi(t, bob);
    const call = (method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { ...ana.auth, ...json }, payload: '' });

    const like = await call('POST', `/api/posts/${post.id}/like`);
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json()).toEqual({ liked: true, likesCount: 1 });
    const follow = await call('POST', `/api/users/${bob.id}/follow`);
    expect(follow.json()).toEqual({ following: true, followersCount: 1, requested: false });
    const share = await call('POST', `/api/posts/${post.id}/share`);
    expect(share.json()).toMatchObject({ sharesCount: 1, shareUrl: `http://glimpse.test/posts/${post.id}` });

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: { ...ana.auth, ...json },
      payload: JSON.stringify({ participantId: bob.id }),
    });
    const deleted = await call('DELETE', `/api/chats/${chat.json<Chat>().id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: MSG.chatDeleted });
  });

  it('also reads a whitespace-only body, and no body without a content type, as {}', async () => {
    const post = await createPostViaApi(t, bob);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/like`,
      headers: { ...ana.auth, ...json },
      payload: '  \n ',
    });
    expect(blank.statusCode).toBe(200);
    const none = await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: ana.auth });
    expect(none.json()).toEqual({ liked: false, likesCount: 0 });
  });

  it('answers 400 "Malformed JSON body" only for a non-empty malformed body', async () => {
    const post = await createPostViaApi(t, bob);
    for (const payload of ['{', '{"a":', 'nope', '{"a":1}}', '[1,]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/like`,
        headers: { ...ana.auth, ...json },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: MSG.malformedJson, code: 'BAD_JSON' });
    }
  });
});

describe('NUL characters and lone surrogates are 400 wherever they are', () => {
  it('in a JSON body, naming the field', async () => {
    for (const [payload, where] of [
      ['{"content":"a\\u0000b"}', 'body.content'],
      ['{"content":"a\\ud800b"}', 'body.content'],
      ['{"content":"\\udc00"}', 'body.content'],
      ['{"content":"ok","x":["\\u0000"]}', 'body.x.0'],
    ] as const) {
      const post = await createPostViaApi(t, bob);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comment`,
        headers: { ...ana.auth, ...json },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: MSG.unsafeTextIn(where), code: 'BAD_TEXT' });
    }
  });

  it('keeps a well-formed surrogate pair (an emoji) as it is', async () => {
    const post = await createPostViaApi(t, bob);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comment`,
      headers: { ...ana.auth, ...json },
      payload: '{"content":"sunset \\ud83c\\udf05"}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().comment.content).toBe('sunset 🌅');
  });

  it('in the query and in the path', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/posts?search=a%00b' });
    expect(query.json()).toEqual({ message: MSG.unsafeTextIn('query.search'), code: 'BAD_TEXT' });
    const path = await t.app.inject({ method: 'GET', url: '/api/users/profile/ana%00' });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ message: MSG.unsafeTextIn('path.username'), code: 'BAD_TEXT' });
  });

  it('answers a path that is not valid percent-encoding with our 400 shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/profile/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('code');
    expect(res.json()).toHaveProperty('message');
  });
});

describe('malformed multipart is 400 with a clear message', () => {
  async function upload(payload: Buffer | string, contentType: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/posts/upload-media',
      headers: { ...ana.auth, 'content-type': contentType },
      payload,
    });
  }

  it('without a boundary, with a wrong boundary, truncated, or with broken part headers', async () => {
    const good = multipart([{ data: await solidImage(20, 20) }]);
    const boundary = good.headers['content-type']!.split('boundary=')[1]!;
    const cases: [string, Buffer | string, string][] = [
      ['no boundary', good.payload, 'multipart/form-data'],
      ['wrong boundary', good.payload, 'multipart/form-data; boundary=somethingelse'],
      [
        'truncated',
        good.payload.subarray(0, Math.floor(good.payload.length / 2)),
        good.headers['content-type']!,
      ],
      [
        'broken part header',
        `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`,
        good.headers['content-type']!,
      ],
      ['not multipart at all', 'hello', `multipart/form-data; boundary=${boundary}`],
    ];
    for (const [name, payload, contentType] of cases) {
      const res = await upload(payload, contentType);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message, name).toMatch(/multipart|image/i);
    }
  });

  it('the same for the avatar upload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: { ...ana.auth, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.malformedMultipart, code: 'BAD_MULTIPART' });
  });
});
