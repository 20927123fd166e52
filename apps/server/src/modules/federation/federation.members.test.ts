import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig, PublicUser } from '@glimpse/shared';
import { followRequests } from '../../db/schema/index.js';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { upsertRemoteAccount } from './federation.repo.js';

/**
 * What the web app needs to show federation to members: the host of their own handle
 * (GET /api/config) and a remote account's profile answer (its page there, a pending follow).
 */

let off: TestApp;
let on: TestApp;

beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestApp(),
    createTestApp({ FEDERATION: 'true', PUBLIC_ORIGIN: 'https://photos.example:8443' }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

async function config(t: TestApp): Promise<PublicConfig> {
  const res = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return res.json<PublicConfig>();
}

describe('GET /api/config: federationHandleHost', () => {
  it('is null while federation is off', async () => {
    expect((await config(off)).federationHandleHost).toBeNull();
  });

  it("is PUBLIC_ORIGIN's host (its port included, as WebFinger's acct: has it) when on", async () => {
    expect((await config(on)).federationHandleHost).toBe('photos.example:8443');
  });
});

async function seedRemote(t: TestApp, handle: string, profileUrl: string | null): Promise<string> {
  const [name, host] = handle.split('@') as [string, string];
  return t.database.db.transaction((tx) =>
    upsertRemoteAccount(tx, {
      uri: `https://${host}/users/${name}`,
      inboxUri: `https://${host}/users/${name}/inbox`,
      sharedInboxUri: null,
      profileUrl,
      handle,
      domain: host,
      displayName: `${name} remote`,
      bio: 'Film photos from the coast.',
      avatarUrl: null,
      isPrivate: false,
    }),
  );
}

describe('GET /api/users/profile/{user@host}: an account of another server', () => {
  it("answers its own page there (the actor's url, else its id) and a pending follow as requested", async () => {
    const id = await seedRemote(on, 'ava@pixelfed.example', 'https://pixelfed.example/ava');
    const viewer = await seedUser(on);
    const get = () =>
      on.app.inject({ method: 'GET', url: '/api/users/profile/ava@pixelfed.example', headers: viewer.auth });

    let res = await get();
    expect(res.statusCode).toBe(200);
    let user = res.json<PublicUser>();
    expect(user).toMatchObject({
      id,
      username: 'ava@pixelfed.example',
      remoteProfileUrl: 'https://pixelfed.example/ava',
      isFollowedByUser: false,
    });
    expect(user.isFollowRequested ?? false).toBe(false);

    // A follow waiting for the other server's Accept (what POST .../follow leaves behind).
    await on.database.db.insert(followRequests).values({ requesterId: viewer.id, targetId: id });
    res = await get();
    user = res.json<PublicUser>();
    expect(user.isFollowRequested).toBe(true);
    expect(user.isFollowedByUser).toBe(false);

    // Visitors see the same page link (the server-rendered profile is theirs).
    const visitor = await on.app.inject({ method: 'GET', url: '/api/users/profile/AVA@pixelfed.example' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json<PublicUser>().remoteProfileUrl).toBe('https://pixelfed.example/ava');
  });

  it("falls back to the actor's id, and never links anything but http(s)", async () => {
    await seedRemote(on, 'ben@mastodon.example', null);
    let res = await on.app.inject({ method: 'GET', url: '/api/users/profile/ben@mastodon.example' });
    expect(res.json<PublicUser>().remoteProfileUrl).toBe('https://mastodon.example/users/ben');

    await seedRemote(on, 'cy@odd.example', 'javascript:alert(1)');
    res = await on.app.inject({ method: 'GET', url: '/api/users/profile/cy@odd.example' });
    expect(res.json<PublicUser>().remoteProfileUrl).toBe('https://odd.example/users/cy');
  });

  it("leaves a member's own profile answer as it was (no remoteProfileUrl)", async () => {
    const member = await seedUser(on);
    const res = await on.app.inject({ method: 'GET', url: `/api/users/profile/${member.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicUser>()).not.toHaveProperty('remoteProfileUrl');
  });

  it('answers 404 for an account of another server nobody here knows', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/users/profile/nobody@pixelfed.example' });
    expect(res.statusCode).toBe(404);
  });
});
