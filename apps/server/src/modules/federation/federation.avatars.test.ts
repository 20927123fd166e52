import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Federation } from '@fedify/fedify';
import { createFederation } from '@fedify/testing';
import { Follow, Image, Person, Update } from '@fedify/vocab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { solidImage } from '../media/media.fixtures.js';
import { configureFederation } from './federation.service.js';

/**
 * Avatars of accounts elsewhere: fetched once from a real HTTP server (loopback, allowed by
 * FEDERATION_ALLOW_PRIVATE), re-encoded into our media store, fetched again only for a new icon
 * (Update(Person)); what cannot be fetched within the bounds leaves no avatar, never the remote URL.
 */

const ORIGIN = 'https://glimpse.test';
const PORT = Number(process.env.FEDERATION_AVATAR_TEST_PORT ?? 5610);

let t: TestApp;
let data: AppContext;
let mock: ReturnType<typeof createFederation<AppContext>>;
let server: Server;
let base: string;
const hits: Record<string, number> = {};
let pngA: Buffer;
let pngB: Buffer;

beforeAll(async () => {
  [pngA, pngB] = await Promise.all([solidImage(300, 200), solidImage(120, 160)]);
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/a.png' || path === '/b.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(path === '/a.png' ? pngA : pngB);
    } else if (path.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Number(path.slice(5) || 0) + 1}` }).end();
    } else if (path === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_IMAGE_BYTES + 1) });
      res.end(Buffer.alloc(16));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ FEDERATION: 'true', PUBLIC_ORIGIN: ORIGIN, FEDERATION_ALLOW_PRIVATE: 'true' });
  data = { ...t.app.ctx };
  mock = createFederation<AppContext>({ contextData: data, origin: ORIGIN });
  configureFederation(mock, t.config.federation!);
  data.federation = mock as unknown as Federation<AppContext>;
}, 30_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let n = 0;
function person(icon: string | null) {
  n += 1;
  const id = new URL(`https://elsewhere.test/users/ava${n}`);
  return new Person({
    id,
    preferredUsername: `ava${n}`,
    inbox: new URL(`${id.href}/inbox`),
    icon: icon ? new Image({ url: new URL(icon, base), mediaType: 'image/png' }) : null,
  });
}
const avatarOf = async (p: Person) =>
  (
    (await t.database.db.execute(
      sql`select u.avatar_url from users u join remote_actors r on r.user_id = u.id where r.uri = ${p.id!.href}`,
    )) as unknown as { rows: { avatar_url: string | null }[] }
  ).rows[0]!.avatar_url;
const follow = (p: Person, memberId: string) =>
  mock.receiveActivity(
    new Follow({
      id: new URL(`${p.id!.href}/f/${n}`),
      actor: p,
      object: new URL(`/ap/users/${memberId}`, ORIGIN),
    }),
  );

describe('avatars of accounts elsewhere', () => {
  it('are fetched once, re-encoded into our store, and fetched again when Update(Person) names a new icon', async () => {
    const member = await seedUser(t);
    const ava = person('/a.png');
    await follow(ava, member.id);
    const first = await avatarOf(ava);
    expect(first).toMatch(/^\/media\/[0-9a-f]{64}-a\d+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: first! });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(hits['/a.png']).toBe(1);

    // The same actor document again (an Update with the same icon): nothing is fetched.
    await mock.receiveActivity(new Update({ id: new URL(`${ava.id!.href}#u1`), actor: ava.id, object: ava }));
    expect(hits['/a.png']).toBe(1);
    expect(await avatarOf(ava)).toBe(first);

    // A new icon: fetched, and the old copy (nothing else uses it) deleted.
    const changed = ava.clone({ icon: new Image({ url: new URL('/b.png', base), mediaType: 'image/png' }) });
    await mock.receiveActivity(
      new Update({ id: new URL(`${ava.id!.href}#u2`), actor: ava.id, object: changed }),
    );
    const second = await avatarOf(ava);
    expect(second).toMatch(/^\/media\//);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first! })).statusCode).toBe(404);

    // An Update of someone else's actor document changes nothing.
    const other = person(null);
    await follow(other, member.id);
    const forged = ava.clone({ icon: null });
    await mock.receiveActivity(
      new Update({ id: new URL(`${other.id!.href}#u`), actor: other.id, object: forged }),
    );
    expect(await avatarOf(ava)).toBe(second);
  });

  it('that redirect too often, are too large or are missing leave no avatar (never the remote URL)', async () => {
    const member = await seedUser(t);
    for (const icon of ['/loop0', '/huge.png', '/missing.png']) {
      const p = person(icon);
      await follow(p, member.id);
      expect(await avatarOf(p)).toBeNull();
    }
    expect(hits['/loop4']).toBeUndefined();
  });
});
