import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { ZFeedQuery, ZPostList, type FeedSort, type PostList } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { blocks, comments, likes, postMedia, postTaggedUsers, shares, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { compileJsonWriter } from '../../lib/json-writer.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import {
  compileFeedBatchStatement,
  compileFeedStatement,
  type FeedBatchStatement,
  type FeedShape,
  type FeedStatement,
  type FeedViewerKind,
} from './posts.feed.js';
import { follow, insertPostRow } from './posts.fixtures.js';
import { addComment, toggleLike } from './posts.engagement.service.js';
import { fragmentOf } from './posts.fragments.js';
import { listFilteredFeed, listPlainFeed, signedInPlainFeedJson } from './posts.service.js';
import type { FeedCursor } from './posts.repo.js';
import { removeOwnTag } from './posts.tagged.service.js';
import type { PostViewer } from './posts.visibility.js';

/**
 * The one-statement plain feed (posts.feed.ts) against the general path (query builder + page
 * hydration) on the same data: the same pages, byte for byte, for every kind of viewer; the
 * schema-driven writer against z.encode + JSON.stringify on every one of those pages; and each
 * statement shape on its index, with PostgreSQL's generic plan too.
 */

let t: TestApp;
let ctx: AppContext;
const people: Record<string, SeededUser> = {};
/** Posts that tag the friend (among others), for the tag-removal round. */
const friendTagged: string[] = [];
const viewers: Record<string, PostViewer | null> = {};
const urls: PublicUrls = {
  origin: 'http://glimpse.test',
  media: (path) => `http://glimpse.test${path}`,
};

const asViewer = (u: SeededUser, roles: Partial<PostViewer> = {}): PostViewer => ({
  id: u.id,
  isAdmin: false,
  isModerator: false,
  permissions: [],
  ...roles,
});

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
  const db = t.database.db;
  for (const name of ['author', 'friend', 'member', 'moderator', 'suspended', 'blocker', 'quiet']) {
    people[name] = await seedUser(t, {
      displayName: name === 'quiet' ? '' : `The ${name}`,
      isVerified: name === 'author',
      avatarUrl: name === 'author' ? '/media/avatars/a.webp' : null,
      avatarFilename: name === 'author' ? 'a.webp' : null,
      avatarUploadedAt: name === 'author' ? new Date('2026-02-03T04:05:06.789Z') : null,
      isModerator: name === 'moderator',
    });
  }
  const p = people as Required<typeof people> & Record<string, SeededUser>;
  await follow(t, p.member!, p.author!);
  await follow(t, p.friend!, p.author!);
  await follow(t, p.author!, p.friend!);
  await db.insert(blocks).values({ blockerId: p.blocker!.id, blockedId: p.member!.id });
  await db
    .update(users)
    .set({ suspendedAt: new Date('2026-01-01T00:00:00Z') })
    .where(sql`${users.id} = ${p.suspended!.id}`);

  const authors = [p.author!, p.friend!, p.suspended!, p.blocker!, p.quiet!, p.member!];
  const privacies = ['public', 'followers', 'friends', 'private'] as const;
  const base = Date.parse('2026-03-01T00:00:00Z');
  for (let i = 0; i < 48; i++) {
    const author = authors[i % authors.length]!;
    const at = new Date(base + Math.floor(i / 3) * 3_600_000 + (i % 3 === 2 ? 0.5 : 0));
    const id = await insertPostRow(t, author, {
      createdAt: at,
      privacy: privacies[i % 7 === 0 ? 3 : i % 5 === 0 ? 2 : i % 4 === 0 ? 1 : 0],
      removedAt: i % 11 === 0 ? new Date(base) : null,
      title: `Post ${i} "quoted" ✓`,
      content: i % 6 === 0 ? 'A longer body\nwith lines and \\ backslashes' : `Body ${i}`,
      excerpt: i % 2 === 0 ? '' : `Excerpt ${i}`,
      tags: i % 3 === 0 ? ['sunset', `tag${i}`] : [],
      city: i % 4 === 0 ? 'Irvine' : null,
      locationName: i % 4 === 0 ? 'Pier' : null,
      latitude: i % 8 === 0 ? 33.6846 : null,
      longitude: i % 8 === 0 ? -117.8265 : null,
      address: i % 4 === 0 ? { street: '', city: 'Irvine', state: 'CA', country: 'US', zipCode: '' } : null,
      likesCount: i % 5,
      viewsCount: i * 7,
    });
    const images = i % 4;
    for (let k = 0; k < images; k++) {
      await db.insert(postMedia).values({
        id: newId(),
        postId: id,
        position: images - k - 1, // inserted out of order: the page must order by position
        url: `/media/p${i}-${k}.webp`,
        variants: [
          { width: 480, url: `/media/p${i}-${k}-480.webp` },
          { width: 1080, url: `/media/p${i}-${k}-1080.webp` },
          { width: 2048, url: `/media/p${i}-${k}.webp` },
        ],
        width: 2048,
        height: 1365,
        placeholder: k === 0 ? 'abc+/=' : null,
        altText: k === 1 ? 'Alt "text"' : '',
        caption: k === 2 ? 'A caption' : '',
      });
    }
    const likers = [p.member!, p.friend!, p.moderator!, p.quiet!].slice(0, i % 5);
    if (likers.length > 0) await db.insert(likes).values(likers.map((u) => ({ postId: id, userId: u.id })));
    if (i % 3 === 0) {
      await db.insert(comments).values([
        { id: newId(), postId: id, userId: p.friend!.id, content: 'Nice' },
        { id: newId(), postId: id, userId: p.quiet!.id, content: 'Gone', removedAt: new Date(base) },
      ]);
      await db.insert(shares).values({ id: newId(), postId: id, userId: p.member!.id });
    }
    if (i % 4 === 1) {
      // Tagged members: one without a display name, a suspended one (left out), a shared tag time
      // (ordered by id) and later ones.
      const tagged = [p.quiet!, p.friend!, p.suspended!, p.moderator!].slice(0, 1 + (i % 3) + (i % 2));
      await db
        .insert(postTaggedUsers)
        .values(
          tagged.map((u, k) => ({ postId: id, userId: u.id, createdAt: new Date(base + (k < 2 ? 0 : k)) })),
        );
      if (tagged.includes(p.friend!)) friendTagged.push(id);
    }
  }
  viewers.signedOut = null;
  for (const name of ['author', 'friend', 'member', 'blocker', 'suspended'])
    viewers[name] = asViewer(p[name]!);
  viewers.moderator = asViewer(p.moderator!, { isModerator: true });
});
afterAll(async () => {
  await t.close();
});

const query = (sort: FeedSort, limit: number, cursor?: string) =>
  ZFeedQuery.parse({ sort, limit: String(limit), ...(cursor ? { cursor } : {}) });

describe('the one-statement feed page', () => {
  it('answers exactly what the general path answers, and its writer what z.encode + JSON.stringify write', async () => {
    const writePostList = compileJsonWriter(ZPostList);
    let pages = 0;
    const seen = new Set<string>();
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const sort of ['newest', 'trending'] as const) {
        for (const limit of [1, 2, 3, 5, 10, 50]) {
          let cursor: string | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const q = query(sort, limit, cursor);
            const fast: PostList = await listPlainFeed(ctx, viewer, q, urls);
            const general: PostList = await listFilteredFeed(ctx, viewer, q, urls);
            const label = `${name} ${sort} limit ${limit} page ${guard + 1}`;
            const reference = JSON.stringify(z.encode(ZPostList, general));
            expect(JSON.stringify(z.encode(ZPostList, fast)), label).toBe(reference);
            expect(writePostList(fast), label).toBe(reference);
            pages += 1;
            for (const post of fast.posts) seen.add(`${name}:${post.id}`);
            cursor = fast.pagination.nextCursor ?? undefined;
            if (!cursor) break;
          }
        }
      }
    }
    expect(pages).toBeGreaterThanOrEqual(100);
    // The data exercises the rule: viewers see different sets of posts.
    const count = (name: string) => [...seen].filter((k) => k.startsWith(`${name}:`)).length;
    expect(new Set(Object.keys(viewers).map(count)).size).toBeGreaterThan(3);
    // ~1,000 pages read twice: seconds on a quiet machine, minutes on a busy one.
  }, 300_000);

  it('gives each shape one name and one text, with the page size in the text', () => {
    const shape: FeedShape = { sort: 'newest', viewer: 'member', cursor: true, rows: 11 };
    const a = compileFeedStatement(shape);
    const b = compileFeedStatement({ ...shape });
    expect(a.name).toBe(b.name);
    expect(a.text).toBe(b.text);
    expect(a.text).toMatch(/limit 11\s*$/);
    expect(compileFeedStatement({ ...shape, rows: 51 }).name).not.toBe(a.name);
    expect(compileFeedStatement({ ...shape, viewer: 'moderator' }).text).not.toBe(a.text);
  });
});

describe('the signed-in page from kept post texts (posts.fragments.ts)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    // A second app on the same database that keeps post texts (the test freezes Date, so they never
    // expire while it runs: only their versions can retire them).
    cached = await createTestApp({ FEED_CACHE_MS: '10000' }, { shareDatabaseWith: t });
  });
  afterAll(async () => {
    await cached.close();
  });

  const writePostList = compileJsonWriter(ZPostList);

  /** Every signed-in viewer's every page, kept texts against the one-statement page. */
  async function expectSameAsOneStatement(round: string): Promise<number> {
    let pages = 0;
    for (const [name, viewer] of Object.entries(viewers)) {
      if (!viewer) continue;
      for (const sort of ['newest', 'trending'] as const) {
        for (const limit of [1, 4, 10]) {
          let cursor: string | undefined;
          for (let guard = 0; guard < 60; guard++) {
            const q = query(sort, limit, cursor);
            const reference = writePostList(await listPlainFeed(ctx, viewer, q, urls));
            const label = `${round}: ${name} ${sort} limit ${limit} page ${guard + 1}`;
            expect((await signedInPlainFeedJson(cached.app.ctx, viewer, q, urls)).toString(), label).toBe(
              reference,
            );
            pages += 1;
            cursor = (JSON.parse(reference) as PostList).pagination.nextCursor ?? undefined;
            if (!cursor) break;
          }
        }
      }
    }
    return pages;
  }

  it('writes the same bytes as the one-statement page, cold, warm and after every kind of change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect(await expectSameAsOneStatement('cold')).toBeGreaterThan(100);
    await expectSameAsOneStatement('warm');

    // Each change alters what some kept text shows; its version must retire that text.
    const p = people as Required<typeof people>;
    const [newest] = (await listPlainFeed(ctx, viewers.author!, query('newest', 3), urls)).posts;
    const target = newest!.id;
    const member = viewers.member!;
    const friend = viewers.friend!;
    await toggleLike(ctx, member, target, urls); // likes and their ids
    await addComment(ctx, friend, target, { content: 'Kept texts must see this' }, urls);
    await follow(t, p.quiet!, p.author!); // the author's followersCount
    await t.database.db
      .update(users)
      .set({ displayName: 'The author, renamed', avatarUrl: '/media/avatars/b.webp' })
      .where(sql`${users.id} = ${p.author!.id}`);
    await t.database.db.execute(sql`update posts set views_count = views_count + 5 where id = ${target}`);
    await expectSameAsOneStatement('after a like, a comment, a follow, a profile edit and views');

    await t.database.db.execute(sql`update posts set removed_at = now() where id = ${target}`);
    await toggleLike(ctx, member, target, urls).catch(() => undefined);
    await expectSameAsOneStatement('after a removal');

    // A tagged member takes themselves off: a row of another table, so the post's row must change.
    expect(friendTagged.length).toBeGreaterThan(2);
    for (const id of friendTagged) await removeOwnTag(ctx, friend, id);
    await expectSameAsOneStatement('after a tagged member took themselves off');
    // Four rounds over every viewer's every page: as the test above, minutes on a busy machine.
  }, 300_000);

  it('reads the pages of members asking at once in shared statements, each member their own page', async () => {
    const members = Object.values(viewers).filter((v): v is PostViewer => v !== null);
    const asks: { viewer: PostViewer; q: ReturnType<typeof query> }[] = [];
    for (const viewer of members) {
      for (const sort of ['newest', 'trending'] as const) {
        asks.push({ viewer, q: query(sort, 4) });
        // A cursor page too: each member's own cursor goes into the shared statement.
        const first = await listPlainFeed(ctx, viewer, query(sort, 4), urls);
        const cursor = first.pagination.nextCursor;
        if (cursor) asks.push({ viewer, q: query(sort, 4, cursor) });
      }
    }
    asks.push(...asks, ...asks); // three of each: more asks per shape than may run at once
    // Kept texts belong to one public origin: under a new one, every page misses every post.
    const fresh: PublicUrls = { origin: 'http://fresh.test', media: (path) => `http://fresh.test${path}` };
    const references = await Promise.all(
      asks.map(async ({ viewer, q }) => writePostList(await listPlainFeed(ctx, viewer, q, fresh))),
    );
    const pool = cached.app.ctx.database.pool;
    const spy = vi.spyOn(pool, 'query'); // calls through
    onTestFinished(() => {
      spy.mockRestore();
    });
    const answers = await Promise.all(
      asks.map(async ({ viewer, q }) =>
        (await signedInPlainFeedJson(cached.app.ctx, viewer, q, fresh)).toString(),
      ),
    );
    answers.forEach((answer, i) => {
      expect(answer, `${asks[i]!.viewer.id} ${asks[i]!.q.sort} ${asks[i]!.q.cursor ?? 'page 1'}`).toBe(
        references[i],
      );
    });
    // Per shape (sort, cursor or not, member or moderator): one statement for the first ask, then
    // the asks made meanwhile together, a second batch beside the first only once 24 wait.
    const names = spy.mock.calls.map(([config]) => (config as { name?: string }).name ?? '');
    const statements = names.filter((name) => name.endsWith('_batch'));
    const shapes = new Set(statements).size;
    expect(shapes).toBe(8);
    expect(asks.length).toBeGreaterThan(60);
    expect(statements.length).toBeLessThanOrEqual(shapes * 3);
    expect(asks.length / statements.length).toBeGreaterThan(2.5);
    // The posts every page missed: read for all the pages at once, not once per page.
    const byId = names.filter((name) => name === 'glimpse_posts_by_id').length;
    expect(byId).toBeGreaterThan(0);
    expect(byId).toBeLessThanOrEqual(shapes);
  });

  it('cuts a post only at its own flags, whatever its text says', () => {
    const row = {
      id: 'p'.repeat(24),
      title: '"isLikedByUser":true',
      content: 'x "isFollowedByUser":true "isLikedByUser":false "isSavedByUser":true',
      excerpt: '',
      category: 'travel',
      tags: ['"isLikedByUser":true'],
      privacy: 'public',
      city: null,
      locationName: null,
      latitude: null,
      longitude: null,
      address: null,
      viewsCount: 1,
      likesCount: 0,
      commentsCount: 0,
      sharesCount: 0,
      savesCount: 0,
      hotScore: 1,
      removedAt: null,
      createdAt: new Date('2026-03-01T00:00:00Z'),
      updatedAt: new Date('2026-03-01T00:00:00Z'),
      editedAt: null,
      likeIds: [],
      commentIds: [],
      shareIds: [],
      cursorTime: '2026-03-01T00:00:00.000000Z',
      author: {
        id: 'a'.repeat(24),
        username: 'isLikedByUser',
        displayName: '"isFollowedByUser":true',
        firstName: '',
        lastName: '',
        avatarUrl: null,
        avatarFilename: null,
        avatarUploadedAt: null,
        isVerified: false,
        followersCount: 0,
      },
      images: [],
      taggedUsers: [
        {
          id: 'b'.repeat(24),
          username: 'isSavedByUser',
          displayName: '"isSavedByUser":true "isLikedByUser":true',
          firstName: '',
          lastName: '',
          avatarUrl: null,
        },
      ],
      isLiked: false,
      isFollowed: false,
      isSaved: false,
      version: 'v1',
    } as unknown as Parameters<typeof fragmentOf>[0];
    const f = fragmentOf(row, urls);
    const text = (flags: { isLiked: boolean; isFollowed: boolean; isSaved: boolean }) =>
      f.pieces.map((piece, i) => `${piece}${i < f.order.length ? flags[f.order[i]!] : ''}`).join('');
    for (const liked of [true, false]) {
      for (const followed of [true, false]) {
        const saved = liked !== followed;
        const post = JSON.parse(text({ isLiked: liked, isFollowed: followed, isSaved: saved })) as {
          isLikedByUser: boolean;
          isSavedByUser: boolean;
          author: { isFollowedByUser: boolean };
          title: string;
        };
        expect(post.isLikedByUser).toBe(liked);
        expect(post.isSavedByUser).toBe(saved);
        expect(post.author.isFollowedByUser).toBe(followed);
        expect(post.title).toBe('"isLikedByUser":true');
      }
    }
  });
});

describe("members' batch statements", () => {
  it('stay on the generic plan after their first runs, even for small batches', async () => {
    const client = await t.database.pool.connect();
    try {
      for (const cursor of [false, true]) {
        const statement = compileFeedBatchStatement({ sort: 'newest', viewer: 'member', cursor, rows: 11 });
        const after: FeedCursor = { kind: 'newest', t: '2026-03-02T00:00:00.000000Z', id: 'f'.repeat(24) };
        const input = { viewerId: people.member!.id, ...(cursor ? { after } : {}) };
        // One member a batch: what a quiet server runs, and the first batch of every burst.
        for (let i = 0; i < 10; i++) {
          await client.query({
            name: statement.name,
            text: statement.text,
            values: statement.values([input]),
          });
        }
        const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
          'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
          [statement.name],
        );
        // PostgreSQL always plans the first five runs for their values.
        expect(rows[0], statement.name).toEqual({ generic_plans: '5', custom_plans: '5' });
      }
    } finally {
      client.release();
    }
  });
});

describe('each feed statement shape walks its index, custom and generic plans alike', () => {
  const kinds: FeedViewerKind[] = ['signedOut', 'member', 'moderator'];
  const shapes: FeedShape[] = (['newest', 'trending'] as const).flatMap((sort) =>
    kinds.flatMap((viewer) =>
      [true, false].flatMap((cursor) =>
        // Stubs are read for members only, in batches.
        (viewer === 'signedOut' ? (['full'] as const) : (['full', 'stubs'] as const)).map((columns) => ({
          sort,
          viewer,
          cursor,
          rows: 11,
          columns,
        })),
      ),
    ),
  );

  it.each(['force_custom_plan', 'force_generic_plan'])('%s', async (mode) => {
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      // Tiny test tables make a scan plus sort cheapest; these settings only penalise those plans,
      // so a Sort of the page still appears if no index can deliver the order.
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      await client.query('set local enable_sort = off');
      await client.query(`set local plan_cache_mode = ${mode}`);
      for (const [i, shape] of shapes.entries()) {
        // Members' stubs are read in batches: the batch statement, for one member.
        const batched = shape.columns === 'stubs';
        const statement = batched ? compileFeedBatchStatement(shape) : compileFeedStatement(shape);
        const name = `explain_feed_${i}`;
        await client.query(`prepare ${name} as ${statement.text}`);
        const input = {
          viewerId: people.member!.id,
          after:
            shape.sort === 'newest'
              ? ({ kind: 'newest', t: '2026-03-01T05:00:00.000000Z', id: 'f'.repeat(24) } as const)
              : ({ kind: 'trending', s: 40000, id: 'f'.repeat(24) } as const),
        };
        const values = batched
          ? (statement as FeedBatchStatement).values([input])
          : (statement as FeedStatement).values(input);
        const literal = (v: unknown) =>
          client.escapeLiteral(
            Array.isArray(v) ? `{${v.map((x) => `"${String(x)}"`).join(',')}}` : String(v),
          );
        const args = values.map(literal).join(', ');
        const result = await client.query<{ 'QUERY PLAN': string }>(
          `explain execute ${name}${args ? `(${args})` : ''}`,
        );
        const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
        const label = `${statement.name} (${mode})\n${plan}`;
        expect(plan, label).toContain(shape.sort === 'newest' ? 'posts_created_idx' : 'posts_hot_idx');
        // (A post's few tagged members are sorted by their tag time: `ptu.created_at`.)
        expect(plan, label).not.toMatch(/Sort Key: (?!ptu\.).*(created_at|hot_score)/);
        // A batch walks the index once per member, inside the loop over the members' array.
        if (batched) expect(plan, label).toMatch(/Nested Loop[\s\S]*Function Scan on (unnest )?feed_batch/);
        await client.query(`deallocate ${name}`);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
