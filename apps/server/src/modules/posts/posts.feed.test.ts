import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, POST_MSG, USER_MSG, type Pagination, type Post, type PostList } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from './posts.fixtures.js';
import { encodeFeedCursor } from './posts.cursor.js';
import { selectCommentsPage } from './posts.engagement.repo.js';
import { feedPageQuery, selectLikedPage } from './posts.repo.js';

let t: TestApp;
let alice: SeededUser;
let bob: SeededUser;
let viewer: SeededUser;
/** Every post id, newest first. */
const newestFirst: string[] = [];
const BASE = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  alice = await seedUser(t);
  bob = await seedUser(t);
  viewer = await seedUser(t);
  await follow(t, viewer, alice);
  const cats = ['Travel', 'Food', 'Sports'];
  const rows: { id: string; at: number }[] = [];
  for (let i = 0; i < 24; i++) {
    // Pairs of posts share a timestamp, so paging must break ties by id.
    const at = BASE + Math.floor(i / 2) * 60_000;
    const id = await insertPostRow(t, i % 3 === 0 ? bob : alice, {
      createdAt: new Date(at),
      category: cats[i % 3],
      city: i % 4 === 0 ? 'Irvine' : i % 4 === 1 ? 'IRVINE' : 'Paris',
      title: i === 5 ? 'Sunset over the pier' : `Post number ${i}`,
      content: i === 7 ? 'We ate ramen by the beach' : 'Nothing special',
      tags: i === 9 ? ['surfing'] : [],
      likesCount: i % 5,
      viewsCount: i * 3,
    });
    rows.push({ id, at });
  }
  // Rows stamped by the database itself carry microseconds that a JS Date cannot hold.
  for (let i = 0; i < 3; i++) {
    const id = await insertPostRow(t, alice, { category: 'Travel' }, { stampedByDatabase: true });
    rows.push({ id, at: Date.now() + i });
  }
  rows.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  newestFirst.push(...rows.map((r) => r.id));
});
afterAll(async () => {
  await t.close();
});

async function feed(query: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/posts${query}`, headers });
}
async function feedOk(query: string, headers: Record<string, string> = {}): Promise<PostList> {
  const res = await feed(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostList>();
}
const ids = (posts: Post[]) => posts.map((p) => p.id);

async function walkCursor(query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const sep = query ? '&' : '?';
    const page: PostList = await feedOk(`${query}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...ids(page.posts));
    expect(page.posts.length).toBeLessThanOrEqual(limit);
    if (!page.pagination.hasNextPage) {
      expect(page.pagination.nextCursor).toBeNull();
      return seen;
    }
    cursor = page.pagination.nextCursor;
  }
  throw new Error('cursor paging did not end');
}

describe('GET /api/posts: order and paging', () => {
  it('answers newest first, 10 by default, with the API.md pagination block', async () => {
    const body = await feedOk('');
    expect(ids(body.posts)).toEqual(newestFirst.slice(0, 10));
    expect(body.pagination).toMatchObject<Partial<Pagination>>({
      currentPage: 1,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(typeof body.pagination.nextCursor).toBe('string');
  });

  it('walks every post exactly once by cursor, ties and microseconds included', async () => {
    expect(await walkCursor('', 4)).toEqual(newestFirst);
    expect(await walkCursor('', 7)).toEqual(newestFirst);
  });

  it('pages by number for page-numbered clients', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => feedOk(`?page=${p}&limit=8`)));
    expect(pages.flatMap((p) => ids(p.posts))).toEqual(newestFirst);
    expect(pages[1]!.pagination).toMatchObject({ currentPage: 2, hasPrevPage: true, hasNextPage: true });
    expect(pages[3]!.pagination).toMatchObject({ currentPage: 4, hasNextPage: false, nextCursor: null });
  });

  it('orders trending by the time-decayed score and walks it by cursor without gaps', async () => {
    const all = await feedOk('?sort=trending&limit=50');
    const [rows] = [
      await t.database.db.execute<{ id: string }>(sql`select id from posts order by hot_score desc, id desc`),
    ];
    const expected = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(ids(all.posts)).toEqual(expected);
    expect(await walkCursor('?sort=trending', 5)).toEqual(expected);
  });

  it('ranks a busy post above a quiet one of the same age, and a much newer quiet post above an old busy one', async () => {
    const at = new Date('2025-06-01T00:00:00Z');
    const quiet = await insertPostRow(t, bob, { createdAt: at, category: 'Beauty' });
    const busy = await insertPostRow(t, bob, {
      createdAt: at,
      category: 'Beauty',
      likesCount: 50,
      commentsCount: 10,
    });
    const fresh = await insertPostRow(t, bob, {
      createdAt: new Date(at.getTime() + 30 * 24 * 3600_000),
      category: 'Beauty',
    });
    const body = await feedOk('?sort=trending&category=Beauty');
    expect(ids(body.posts)).toEqual([fresh, busy, quiet]);
    await t.database.db.execute(sql`delete from posts where category = 'Beauty'`);
  });

  it('refuses a cursor of the other sort order, a forged cursor and bad paging values (400)', async () => {
    const newest = (await feedOk('?limit=2')).pagination.nextCursor!;
    for (const q of [
      `?sort=trending&cursor=${newest}`,
      '?cursor=abc',
      '?limit=0',
      '?limit=51',
      '?limit=x',
      '?page=0',
      '?page=1.5',
    ]) {
      const res = await feed(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const forged = encodeFeedCursor('newest', { id: 'zz', hotScore: 0, cursorTime: '2026' });
    expect((await feed(`?cursor=${forged}`)).statusCode).toBe(400);
    // Shaped like the server's times but naming no instant: refused here, never sent to the database.
    const id = (await feedOk('?limit=1')).posts[0]!.id;
    for (const time of [
      '2026-13-01T00:00:00.000000Z',
      '2026-02-30T00:00:00.000000Z',
      '2025-02-29T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2026-01-01T24:00:00.000000Z',
    ]) {
      const unreal = encodeFeedCursor('newest', { id, hotScore: 0, cursorTime: time });
      const res = await feed(`?cursor=${unreal}`);
      expect(res.statusCode, time).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const leapDay = encodeFeedCursor('newest', {
      id,
      hotScore: 0,
      cursorTime: '2024-02-29T00:00:00.000000Z',
    });
    expect((await feed(`?cursor=${leapDay}`)).statusCode).toBe(200);
  });

  it('refuses an unknown sort or category (400) and treats "All" as no filter', async () => {
    const badSort = await feed('?sort=hot');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe(POST_MSG.invalidSort);
    const badCategory = await feed('?category=Cooking');
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toBe(POST_MSG.invalidFeedCategory);
    expect(ids((await feedOk('?category=All&limit=50')).posts)).toEqual(newestFirst);
  });
});

describe('GET /api/posts: filters', () => {
  it('filters by category, in any letter case', async () => {
    const food = await feedOk('?category=food&limit=50');
    expect(food.posts.length).toBe(8);
    expect(food.posts.every((p) => p.category === 'Food')).toBe(true);
  });

  it('searches title, content and tags with web-search syntax; any text is safe', async () => {
    expect((await feedOk('?search=sunset pier')).posts.map((p) => p.title)).toEqual(['Sunset over the pier']);
    expect((await feedOk('?search=beaches')).posts.map((p) => p.content)).toEqual([
      'We ate ramen by the beach',
    ]);
    expect((await feedOk('?search=surfing')).posts).toHaveLength(1);
    expect((await feedOk('?search=sunset -pier')).posts).toHaveLength(0);
    for (const q of ["'); drop table posts; --", '"unbalanced', 'a & | ! :*', '((( )))']) {
      expect((await feed(`?search=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
    expect((await feedOk('?limit=50')).posts.length).toBe(newestFirst.length);
  });

  it('following=true needs a token (401) and then shows only followed authors', async () => {
    const anonymous = await feed('?following=true');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MSG.authenticationRequired, code: 'UNAUTHENTICATED' });
    const mine = await feedOk('?following=true&limit=50', viewer.auth);
    expect(mine.posts.length).toBeGreaterThan(0);
    expect(mine.posts.every((p) => p.author.id === alice.id && p.author.isFollowedByUser)).toBe(true);
    expect((await feed('?following=yes', viewer.auth)).statusCode).toBe(400);
  });

  it('filters by author; a malformed author id is 400 "Invalid user ID"', async () => {
    const byBob = await feedOk(`?author=${bob.id}&limit=50`);
    expect(byBob.posts.length).toBe(8);
    expect(byBob.posts.every((p) => p.author.id === bob.id)).toBe(true);
    const bad = await feed('?author=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USER_MSG.invalidUserId);
    expect((await feedOk(`?author=${'0'.repeat(24)}`)).posts).toEqual([]);
  });

  it('filters by city case-insensitively and combines filters', async () => {
    const irvine = await feedOk('?city=irvine&limit=50');
    expect(irvine.posts.length).toBe(12);
    expect(new Set(irvine.posts.map((p) => p.city))).toEqual(new Set(['Irvine', 'IRVINE']));
    const combined = await feedOk(`?city=Irvine&author=${bob.id}&category=Travel&limit=50`);
    expect(
      combined.posts.every(
        (p) => p.author.id === bob.id && p.category === 'Travel' && p.city?.toLowerCase() === 'irvine',
      ),
    ).toBe(true);
  });

  it('groups location stats case-insensitively, most posts first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/location-stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json<{ city: string; count: number }[]>();
    expect(stats.map((s) => s.count)).toEqual([12, 12]);
    expect(stats.map((s) => s.city.toLowerCase()).sort()).toEqual(['irvine', 'paris']);
  });
});

describe('feed queries are index-backed', () => {
  async function plan(query: SQLWrapper): Promise<string> {
    return t.database.db.transaction(async (tx) => {
      // Tiny test tables make a scan plus sort cheapest. These settings only penalise those plans,
      // so a Sort node still appears if no index can deliver the order: the check keeps its teeth.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
  }

  it('serves newest and trending cursor pages from their indexes without sorting', async () => {
    const db = t.database.db;
    const newest = await plan(
      feedPageQuery(db, { viewer: null }, 'newest', {
        limit: 10,
        offset: 0,
        after: { kind: 'newest', t: '2026-01-01T00:05:00.000000Z', id: 'f'.repeat(24) },
      }),
    );
    expect(newest).toContain('posts_created_idx');
    expect(newest).not.toMatch(/\bSort\b/);
    const trending = await plan(
      feedPageQuery(db, { viewer: null }, 'trending', {
        limit: 10,
        offset: 0,
        after: { kind: 'trending', s: 40000, id: 'f'.repeat(24) },
      }),
    );
    expect(trending).toContain('posts_hot_idx');
    expect(trending).not.toMatch(/\bSort\b/);
    const category = await plan(
      feedPageQuery(db, { viewer: null, category: 'Food' }, 'newest', { limit: 10, offset: 0 }),
    );
    expect(category).toContain('posts_category_created_idx');
    const city = await plan(
      feedPageQuery(db, { viewer: null, city: 'Irvine' }, 'newest', { limit: 10, offset: 0 }),
    );
    expect(city).toContain('posts_city_created_idx');
  });

  it('serves comment pages and liked-post pages from their indexes without sorting', async () => {
    const db = t.database.db;
    const after = { t: '2026-01-01T00:05:00.000000Z', id: 'f'.repeat(24) };
    const commentsPlan = await plan(
      selectCommentsPage(db, newestFirst[0]!, { limit: 50, offset: 0, after }, viewer.id),
    );
    expect(commentsPlan).toContain('comments_post_created_idx');
    expect(commentsPlan).not.toMatch(/\bSort\b/);
    const viewerRow = { id: viewer.id, isAdmin: false, isModerator: false, permissions: [] };
    const likedPlan = await plan(selectLikedPage(db, viewerRow, { limit: 12, offset: 0, after }));
    expect(likedPlan).toContain('likes_user_created_idx');
    expect(likedPlan).not.toMatch(/\bSort\b/);
  });
});
