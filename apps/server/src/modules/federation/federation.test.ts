import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';

const ORIGIN = 'https://glimpse.test';
const AP = 'application/activity+json';

let off: TestApp;
let on: TestApp;

beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestApp(),
    createTestApp({ FEDERATION: 'true', PUBLIC_ORIGIN: ORIGIN }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({}).federation).toBeNull();
    expect(loadConfig({ PUBLIC_ORIGIN: ORIGIN }).federation).toBeNull();
  });

  it('refuses to federate without an https PUBLIC_ORIGIN, and says why', () => {
    for (const env of [
      { FEDERATION: 'true' },
      { FEDERATION: 'true', PUBLIC_ORIGIN: 'http://glimpse.test' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /FEDERATION: needs PUBLIC_ORIGIN set to this server's public https origin/,
      );
    }
  });

  it('federates on an https origin; FEDERATION_ALLOW_PRIVATE is off unless set', () => {
    expect(loadConfig({ FEDERATION: 'true', PUBLIC_ORIGIN: `${ORIGIN}/` }).federation).toEqual({
      origin: ORIGIN,
      allowPrivateAddress: false,
    });
    expect(
      loadConfig({ FEDERATION: 'true', PUBLIC_ORIGIN: ORIGIN, FEDERATION_ALLOW_PRIVATE: 'true' }).federation
        ?.allowPrivateAddress,
    ).toBe(true);
    expect(() => loadConfig({ FEDERATION: 'maybe' })).toThrow(/FEDERATION: must be true or false/);
  });
});

describe('FEDERATION off', () => {
  it('answers none of the federation paths', async () => {
    const user = await seedUser(off);
    for (const url of [
      `/.well-known/webfinger?resource=acct:${user.username}@glimpse.test`,
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
      `/ap/users/${user.id}`,
    ]) {
      const res = await off.app.inject({ method: 'GET', url, headers: { accept: AP } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('activity+json');
      expect(res.headers['content-type'], url).not.toContain('jrd+json');
    }
    expect(off.app.ctx.federation).toBeNull();
  });
});

describe('identity (FEDERATION=true)', () => {
  it('WebFinger finds a member by acct: handle, case-insensitively, and points at the actor', async () => {
    const user = await seedUser(on);
    const res = await on.app.inject({
      method: 'GET',
      url: `/.well-known/webfinger?resource=acct:${user.username.toUpperCase()}@glimpse.test`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jrd+json');
    const jrd = res.json<Json>();
    // Fedify echoes the resource asked for as the subject; the actor link is what counts.
    expect(jrd.subject.toLowerCase()).toBe(`acct:${user.username}@glimpse.test`.toLowerCase());
    const self = jrd.links.find((l: Json) => l.rel === 'self');
    expect(self).toMatchObject({ type: AP, href: `${ORIGIN}/ap/users/${user.id}` });
    const profile = jrd.links.find((l: Json) => l.rel === 'http://webfinger.net/rel/profile-page');
    expect(profile?.href).toBe(`${ORIGIN}/profile/${user.username}`);

    const missing = await on.app.inject({
      method: 'GET',
      url: '/.well-known/webfinger?resource=acct:nobody-here@glimpse.test',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the actor is a Person with inbox, outbox, collections, a shared inbox, RSA and Ed25519 keys', async () => {
    const user = await seedUser(on, { displayName: 'Ana Lima', bio: 'Photos <of> light\n\nand shade' });
    await on.database.db.execute(
      sql`update users set avatar_url = '/media/${sql.raw('a'.repeat(64))}.webp' where id = ${user.id}`,
    );
    const res = await on.app.inject({ method: 'GET', url: `/ap/users/${user.id}`, headers: { accept: AP } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/activity+json');
    const actor = res.json<Json>();
    const id = `${ORIGIN}/ap/users/${user.id}`;
    expect(actor).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: user.username,
      name: 'Ana Lima',
      summary: '<p>Photos &#60;of&#62; light</p><p>and shade</p>',
      url: `${ORIGIN}/profile/${user.username}`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      following: `${id}/following`,
      endpoints: { sharedInbox: `${ORIGIN}/ap/inbox` },
      manuallyApprovesFollowers: false,
    });
    expect(actor.icon).toMatchObject({ type: 'Image', mediaType: 'image/webp' });
    expect(actor.icon.url).toBe(`${ORIGIN}/media/${'a'.repeat(64)}.webp`);
    expect(actor.publicKey.owner).toBe(id);
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const methods = [actor.assertionMethod].flat();
    expect(methods).toHaveLength(2);
    expect(methods.map((m: Json) => m.publicKeyMultibase.slice(0, 1))).toEqual(['z', 'z']);

    // Stored on first need and the same ever after, however many ask at once.
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        on.app.inject({ method: 'GET', url: `/ap/users/${user.id}`, headers: { accept: AP } }),
      ),
    );
    for (const r of again) expect(r.json<Json>().publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    const { rows } = (await on.database.db.execute(
      sql`select algorithm from federation_keys where user_id = ${user.id} order by algorithm`,
    )) as unknown as { rows: { algorithm: string }[] };
    expect(rows.map((r) => r.algorithm)).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
  });

  it('a private account manually approves followers', async () => {
    const user = await seedUser(on, { isPrivate: true });
    const actor = (
      await on.app.inject({ method: 'GET', url: `/ap/users/${user.id}`, headers: { accept: AP } })
    ).json<Json>();
    expect(actor.manuallyApprovesFollowers).toBe(true);
  });

  it('the actor URL content-negotiates: a browser is sent to the profile page', async () => {
    const user = await seedUser(on);
    const res = await on.app.inject({
      method: 'GET',
      url: `/ap/users/${user.id}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/profile/${user.username}`);
  });

  it('a suspended member has no actor and no WebFinger answer', async () => {
    const user = await seedUser(on, { suspendedAt: new Date() });
    const actor = await on.app.inject({
      method: 'GET',
      url: `/ap/users/${user.id}`,
      headers: { accept: AP },
    });
    expect(actor.statusCode).toBe(404);
    const wf = await on.app.inject({
      method: 'GET',
      url: `/.well-known/webfinger?resource=acct:${user.username}@glimpse.test`,
    });
    expect(wf.statusCode).toBe(404);
  });

  it('followers and following are collections with their counts', async () => {
    const user = await seedUser(on);
    await on.database.db.execute(
      sql`update users set followers_count = 3, following_count = 2 where id = ${user.id}`,
    );
    const followers = await on.app.inject({
      method: 'GET',
      url: `/ap/users/${user.id}/followers`,
      headers: { accept: AP },
    });
    expect(followers.statusCode).toBe(200);
    expect(followers.json<Json>()).toMatchObject({ type: 'OrderedCollection', totalItems: 3 });
    const following = await on.app.inject({
      method: 'GET',
      url: `/ap/users/${user.id}/following`,
      headers: { accept: AP },
    });
    expect(following.json<Json>()).toMatchObject({ type: 'OrderedCollection', totalItems: 2 });
  });

  it('NodeInfo 2.1 is linked from /.well-known/nodeinfo and counts members and posts', async () => {
    await seedUser(on);
    const wk = await on.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' });
    expect(wk.statusCode).toBe(200);
    const link = wk.json<Json>().links.find((l: Json) => l.rel.endsWith('/schema/2.1'));
    expect(link.href).toBe(`${ORIGIN}/nodeinfo/2.1`);
    const res = await on.app.inject({ method: 'GET', url: '/nodeinfo/2.1' });
    expect(res.statusCode).toBe(200);
    const info = res.json<Json>();
    expect(info).toMatchObject({
      version: '2.1',
      software: { name: 'glimpse' },
      protocols: ['activitypub'],
      openRegistrations: true,
    });
    expect(info.usage.users.total).toBeGreaterThanOrEqual(1);
  });

  it('an inbox refuses an unsigned activity', async () => {
    const user = await seedUser(on);
    const res = await on.app.inject({
      method: 'POST',
      url: `/ap/users/${user.id}/inbox`,
      headers: { 'content-type': AP },
      payload: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: 'https://elsewhere.test/follows/1',
        type: 'Follow',
        actor: 'https://elsewhere.test/users/mallory',
        object: `${ORIGIN}/ap/users/${user.id}`,
      }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('leaves every other path to the app', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const unknown = await on.app.inject({ method: 'GET', url: '/ap/nothing-here', headers: { accept: AP } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers over real HTTP', async () => {
    const user = await seedUser(on);
    const address = await on.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/.well-known/webfinger?resource=acct:${user.username}@glimpse.test`);
    expect(res.status).toBe(200);
    expect((await res.json()) as Json).toMatchObject({ subject: `acct:${user.username}@glimpse.test` });
    const actor = await fetch(`${address}/ap/users/${user.id}`, { headers: { accept: AP } });
    expect(((await actor.json()) as Json).id).toBe(`${ORIGIN}/ap/users/${user.id}`);
  });
});
