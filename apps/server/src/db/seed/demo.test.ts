import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@glimpse/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queryRows } from '../client.js';
import { seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('makes members, posts in every category and 12+ cities, with exact counters and real photos', async () => {
    const result = await seedDemo(t.app.ctx, {
      users: 30,
      posts: 120,
      password: 'demo-pass-1',
      imagePool: 4,
      seed: 7,
    });
    expect(result.usernames).toHaveLength(30);
    expect(result.usernames).toContain('ava');

    const db = t.database.db;
    const cats = await queryRows<{ category: string }>(db, sql`SELECT DISTINCT category FROM posts`);
    expect(cats.map((r) => r.category).sort()).toEqual([...CATEGORIES].sort());
    const cities = await queryRows<{ n: number }>(db, sql`SELECT count(DISTINCT city)::int AS n FROM posts`);
    expect(cities[0]!.n).toBeGreaterThanOrEqual(12);
    const irvine = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM posts WHERE city = 'Irvine'`,
    );
    expect(irvine[0]!.n).toBeGreaterThan(0);

    const drift = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM posts p WHERE
      p.likes_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id) OR
      p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)`,
    );
    expect(drift[0]!.n).toBe(0);
    const userDrift = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM users u WHERE
      u.followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id) OR
      u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`,
    );
    expect(userDrift[0]!.n).toBe(0);
    const chats = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM chats`);
    expect(chats[0]!.n).toBeGreaterThan(0);

    // The photos went through the real pipeline and are served.
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' });
    const url = feed.json().posts[0].media.images[0].url as string;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('lets a demo member sign in with the generated password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ava', password: 'demo-pass-1' },
    });
    expect(res.statusCode).toBe(200);
  });
});
