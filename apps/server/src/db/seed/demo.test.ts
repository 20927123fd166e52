import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, mentionedUsernames, type Chat, type Message } from '@glimpse/shared';
import { cleanupOrphanUploads } from '../../modules/media/media.cleanup.js';
import { compileFeedBatchStatement } from '../../modules/posts/posts.feed.js';
import { hotScoreOf } from '../../modules/posts/posts.hot.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queryRows } from '../client.js';
import { demoBanner, demoCredentialsPath, printDemoBanner, readDemoCredentials } from './demo-banner.js';
import { DEFAULT_DEMO, seedDemo, seedDemoIfEmpty, startDemoImages, type EarlyDemoImages } from './demo.js';

/** The first-start seed, on the real database, checked the way a visitor or a client sees it. */

let t: TestApp;
let early: EarlyDemoImages | null;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  // As main.ts does: the pictures start drawing before the database is looked at.
  early = startDemoImages(t.config);
  await seedDemoIfEmpty(t.app.ctx, t.app.log, early);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('first-start demo data', () => {
  it('makes the default cast and posts once, and never again on a database that has members', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(DEFAULT_DEMO.users);
    expect(await count(sql`SELECT count(*)::int AS n FROM posts`)).toBe(DEFAULT_DEMO.posts);
    await seedDemoIfEmpty(t.app.ctx, t.app.log);
    expect(await count(sql`SELECT count(*)::int AS n FROM posts`)).toBe(DEFAULT_DEMO.posts);
  });

  it('uses the pictures drawn ahead of the database, and draws none ahead once seeded', async () => {
    expect(early).not.toBeNull();
    const drawn = await early!.media;
    const drawnUrls = new Set([...drawn.photos.values()].map((p) => p.url));
    const used = await rows<{ url: string }>(sql`SELECT DISTINCT url FROM post_media`);
    expect(used.length).toBe(drawnUrls.size);
    for (const { url } of used) expect(drawnUrls.has(url)).toBe(true);
    // The next start of this DATA_DIR has its credentials: nothing is drawn in vain.
    expect(startDemoImages(t.config)).toBeNull();
    expect(startDemoImages({ ...t.config, dataDir: '/nonexistent', databaseUrl: 'postgres://x' })).toBeNull();
  });

  it("leaves the planner its statistics: members' feed pages walk their index, with the planner's own settings", async () => {
    // A fresh instance serves exactly this data; without statistics each member's page read and
    // sorted every post (issue 34). No enable_* penalties here, unlike posts.feed-statement.test.ts.
    const members = await rows<{ id: string }>(sql`SELECT id FROM users ORDER BY id LIMIT 25`);
    const client = await t.database.pool.connect();
    try {
      for (const sort of ['newest', 'trending'] as const) {
        for (const mode of ['force_custom_plan', 'force_generic_plan']) {
          const statement = compileFeedBatchStatement({ sort, viewer: 'member', cursor: false, rows: 11 });
          await client.query(`set plan_cache_mode = ${mode}`);
          await client.query(`prepare demo_feed as ${statement.text}`);
          const ids = client.escapeLiteral(`{${members.map((m) => m.id).join(',')}}`);
          const plan = (
            await client.query<{ 'QUERY PLAN': string }>(`explain execute demo_feed(${ids})`)
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          await client.query('deallocate demo_feed');
          const label = `${sort} (${mode})\n${plan}`;
          expect(plan, label).toContain(sort === 'newest' ? 'posts_created_idx' : 'posts_hot_idx');
          expect(plan, label).not.toMatch(/Sort Key: .*(created_at|hot_score)/);
        }
      }
    } finally {
      await client.query('reset plan_cache_mode');
      client.release();
    }
  });

  it('gives every post its own title and text', async () => {
    const dupTitles = await rows<{ title: string }>(
      sql`SELECT title FROM posts GROUP BY title HAVING count(*) > 1`,
    );
    expect(dupTitles).toEqual([]);
    const dupTexts = await rows<{ content: string }>(
      sql`SELECT content FROM posts GROUP BY content HAVING count(*) > 1`,
    );
    expect(dupTexts).toEqual([]);
    // Tags fit the post: its city is among them, and none is empty.
    const off = await count(sql`SELECT count(*)::int AS n FROM posts WHERE NOT (
      lower(regexp_replace(city, '[^A-Za-z]', '', 'g')) = ANY(tags)) OR cardinality(tags) < 3`);
    expect(off).toBe(0);
  });

  it('shows each category in photos of its own, several distinct ones, served as WebP', async () => {
    const perCategory = await rows<{ category: string; urls: string[] }>(sql`
      SELECT p.category, array_agg(DISTINCT m.url) AS urls
      FROM posts p JOIN post_media m ON m.post_id = p.id GROUP BY p.category`);
    expect(perCategory.map((r) => r.category).sort()).toEqual([...CATEGORIES].sort());
    const seen = new Map<string, string>();
    for (const { category, urls } of perCategory) {
      // Three scenes per category, two photos each.
      expect(urls.length).toBe(3 * DEFAULT_DEMO.photosPerScene);
      for (const url of urls) {
        expect(seen.get(url), `${url} is used by ${seen.get(url)} and ${category}`).toBeUndefined();
        seen.set(url, category);
      }
    }
    const [sample] = perCategory[0]!.urls;
    const res = await t.app.inject({ method: 'GET', url: sample! });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
  });

  it('has a few posts with 2 to 5 distinct photos, in order', async () => {
    const multi = await rows<{ n: number; distinct_urls: number; max_pos: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT url)::int AS distinct_urls, max(position)::int AS max_pos
      FROM post_media GROUP BY post_id HAVING count(*) > 1`);
    expect(multi.length).toBeGreaterThanOrEqual(15);
    expect(multi.length).toBeLessThan(DEFAULT_DEMO.posts / 3);
    for (const m of multi) {
      expect(m.n).toBeLessThanOrEqual(5);
      expect(m.distinct_urls).toBe(m.n);
      expect(m.max_pos).toBe(m.n - 1);
    }
    // The API shows one as a single post with its images in order.
    const [post] = await rows<{ id: string; n: number }>(sql`SELECT m.post_id AS id, count(*)::int AS n
      FROM post_media m JOIN posts p ON p.id = m.post_id WHERE p.privacy = 'public'
      GROUP BY m.post_id HAVING count(*) > 1 LIMIT 1`);
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ media: { images: unknown[] } }>().media.images).toHaveLength(post!.n);
  });

  it('leaves uploads claimed by their posts, so the orphan sweep removes nothing', async () => {
    const unclaimed =
      await count(sql`SELECT count(*)::int AS n FROM post_media m JOIN posts p ON p.id = m.post_id
      WHERE NOT EXISTS (SELECT 1 FROM media_uploads u WHERE u.post_id = m.post_id AND u.url = m.url AND u.owner_id = p.author_id)`);
    expect(unclaimed).toBe(0);
    const swept = await cleanupOrphanUploads(t.app.ctx, { olderThanMs: 0 });
    expect(swept).toEqual({ uploads: 0, files: 0 });
  });

  it('keeps a shared photo when one of the posts using it is deleted and the orphan sweep runs', async () => {
    const [shared] = await rows<{ url: string; post_id: string; author: string }>(sql`
      SELECT m.url, m.post_id, u.email AS author FROM post_media m
      JOIN posts p ON p.id = m.post_id JOIN users u ON u.id = p.author_id
      WHERE (SELECT count(*) FROM post_media o WHERE o.url = m.url) > 1 LIMIT 1`);
    const creds = readDemoCredentials(t.dataDir)!;
    const token = (await login(shared!.author, creds.password)).json<{ token: string }>().token;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${shared!.post_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const swept = await cleanupOrphanUploads(t.app.ctx, { olderThanMs: 0 });
    expect(swept.uploads).toBeGreaterThan(0);
    expect(swept.files).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: shared!.url })).statusCode).toBe(200);
  });

  it('gives most members a portrait, each their own, and a few keep their initial', async () => {
    const avatars = await rows<{ avatar_url: string | null }>(sql`SELECT avatar_url FROM users`);
    const withPicture = avatars.filter((a) => a.avatar_url);
    expect(withPicture.length).toBeGreaterThanOrEqual(Math.ceil(DEFAULT_DEMO.users * 0.8));
    expect(withPicture.length).toBeLessThan(DEFAULT_DEMO.users);
    expect(new Set(withPicture.map((a) => a.avatar_url)).size).toBe(withPicture.length);
    const res = await t.app.inject({ method: 'GET', url: withPicture[0]!.avatar_url! });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
  });

  it('keeps every counter equal to its rows, and the trending score in step', async () => {
    const postDrift = await count(sql`SELECT count(*)::int AS n FROM posts p WHERE
      p.likes_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id) OR
      p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id) OR
      p.shares_count <> (SELECT count(*) FROM shares s WHERE s.post_id = p.id)`);
    expect(postDrift).toBe(0);
    const userDrift = await count(sql`SELECT count(*)::int AS n FROM users u WHERE
      u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id) OR
      u.followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id) OR
      u.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`);
    expect(userDrift).toBe(0);
    const scores = await rows<{
      likes: number;
      comments: number;
      shares: number;
      views: number;
      created: Date;
      hot: number;
    }>(
      sql`SELECT likes_count AS likes, comments_count AS comments, shares_count AS shares, views_count AS views,
          created_at AS created, hot_score AS hot FROM posts LIMIT 50`,
    );
    for (const s of scores) {
      expect(s.hot).toBeCloseTo(
        hotScoreOf(
          { likes: s.likes, comments: s.comments, shares: s.shares, views: s.views },
          new Date(s.created),
        ),
        6,
      );
    }
    // Engagement is spread: most posts have likes, some have comments.
    expect(await count(sql`SELECT count(*)::int AS n FROM posts WHERE likes_count > 0`)).toBeGreaterThan(
      DEFAULT_DEMO.posts / 2,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM posts WHERE comments_count > 0`)).toBeGreaterThan(
      DEFAULT_DEMO.posts / 4,
    );
  });

  it('fills the first member’s inbox: several conversations, some unread, counts matching the read state', async () => {
    const drift = await count(sql`SELECT count(*)::int AS n FROM chat_members cm WHERE cm.unread_count <> (
      SELECT count(*) FROM messages m WHERE m.chat_id = cm.chat_id AND m.sender_id <> cm.user_id
        AND m.id > coalesce(cm.last_read_message_id, ''))`);
    expect(drift).toBe(0);
    const missingReceipts = await count(sql`SELECT count(*)::int AS n FROM chat_members cm JOIN messages m
      ON m.chat_id = cm.chat_id AND m.sender_id <> cm.user_id AND m.id <= cm.last_read_message_id
      WHERE NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_id = cm.user_id)`);
    expect(missingReceipts).toBe(0);

    const creds = readDemoCredentials(t.dataDir)!;
    const res = await login(creds.emails[0]!, creds.password);
    const token = res.json<{ token: string }>().token;
    const chats = await t.app.inject({
      method: 'GET',
      url: '/api/chats',
      headers: { authorization: `Bearer ${token}` },
    });
    const list = chats.json<Chat[]>();
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.filter((c) => c.unreadCount > 0).length).toBeGreaterThanOrEqual(3);
    const busiest = list[0]!;
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/chats/${busiest.id}/messages`,
      headers: { authorization: `Bearer ${token}` },
    });
    const thread = messages.json<Message[]>();
    expect(thread.length).toBeGreaterThanOrEqual(6);
    // A real back-and-forth: both people speak, and some of what the viewer sent was read.
    expect(new Set(thread.map((m) => m.sender.id)).size).toBe(2);
    const mine = thread.filter((m) => m.sender.username === res.json().user.username);
    expect(mine.some((m) => m.readBy.length > 0)).toBe(true);
    // The unread badge equals the trailing messages from the other person.
    let trailing = 0;
    for (let i = thread.length - 1; i >= 0 && thread[i]!.sender.id !== mine[0]!.sender.id; i--) trailing++;
    expect(busiest.unreadCount).toBe(trailing);
  });

  it('has the notifications its follows, likes, comments and mentions would have written, never about oneself', async () => {
    const n = async (type: string) =>
      count(sql`SELECT count(*)::int AS n FROM notifications WHERE type = ${type}`);
    expect(await n('follow')).toBe(await count(sql`SELECT count(*)::int AS n FROM follows`));
    expect(await n('comment')).toBe(
      await count(sql`SELECT count(*)::int AS n FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.user_id <> p.author_id`),
    );
    expect(await n('like')).toBeGreaterThan(0);
    // Friends tagged in comments on public posts hear of it; never the commenter or the author.
    expect(await n('mention')).toBeGreaterThan(0);
    const mentions = await queryRows<{
      content: string;
      username: string;
      privacy: string;
      recipient: string;
      author: string;
      actor: string;
    }>(
      t.app.ctx.db,
      sql`SELECT c.content, u.username, p.privacy, n.recipient_id AS recipient, p.author_id AS author,
          n.actor_id AS actor
        FROM notifications n JOIN comments c ON c.id = n.comment_id JOIN posts p ON p.id = n.post_id
        JOIN users u ON u.id = n.recipient_id WHERE n.type = 'mention'`,
    );
    for (const m of mentions) {
      expect(mentionedUsernames(m.content).map((x) => x.toLowerCase())).toContain(m.username.toLowerCase());
      expect(m.privacy).toBe('public');
      expect([m.author, m.actor]).not.toContain(m.recipient);
    }
    const expected = await queryRows<{ content: string; author: string; commenter: string }>(
      t.app.ctx.db,
      sql`SELECT c.content, pu.username AS author, cu.username AS commenter
        FROM comments c JOIN posts p ON p.id = c.post_id AND p.privacy = 'public'
        JOIN users pu ON pu.id = p.author_id JOIN users cu ON cu.id = c.user_id
        WHERE c.content LIKE '%@%'`,
    );
    const owed = expected.flatMap((c) =>
      mentionedUsernames(c.content).filter((name) => ![c.author, c.commenter].includes(name)),
    );
    expect(mentions.length).toBe(owed.length);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM notifications WHERE actor_id = recipient_id
      OR recipient_id = ANY(actor_ids)`),
    ).toBe(0);
    // Likes of one post are one notification naming every liker.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM notifications n
        WHERE n.type = 'like' AND cardinality(n.actor_ids) <> (SELECT count(*) FROM likes l
          WHERE l.post_id = n.post_id AND l.user_id <> n.recipient_id)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM notifications WHERE read_at IS NULL`),
    ).toBeGreaterThan(0);
  });

  it('prints a banner whose emails sign in with the stored, owner-only password, never the password itself', async () => {
    const creds = readDemoCredentials(t.dataDir)!;
    expect(fs.statSync(demoCredentialsPath(t.dataDir)).mode & 0o777).toBe(0o600);
    const banner = (await demoBanner(t.app.ctx))!.text;
    expect(banner).toContain(demoCredentialsPath(t.dataDir));
    expect(banner).toContain('http://glimpse.test');
    expect(banner).not.toContain(creds.password);
    const emails = [...banner.matchAll(/\S+@\S+\.\w+/g)].map((m) => m[0]);
    expect(emails.length).toBeGreaterThanOrEqual(3);
    for (const email of emails) {
      const res = await login(email, creds.password);
      expect(res.statusCode, email).toBe(200);
    }
    expect((await login(emails[0]!, 'not-the-password')).statusCode).toBe(401);

    // Output that is not a terminal (a service manager, a log collector) gets one structured log
    // line instead of prose between the JSON lines; a terminal gets the text.
    const logged: Array<{ fields: object; message: string }> = [];
    const printed: string[] = [];
    const log = { info: (fields: object, message: string) => void logged.push({ fields, message }) };
    await printDemoBanner(t.app.ctx, log, { terminal: false, print: (text) => printed.push(text) });
    expect(printed).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.fields).toMatchObject({ url: 'http://glimpse.test', demoEmails: emails.slice(0, 3) });
    expect(logged[0]!.message).not.toContain('\n');
    expect(JSON.stringify(logged)).not.toContain(creds.password);
    await printDemoBanner(t.app.ctx, log, { terminal: true, print: (text) => printed.push(text) });
    expect(printed).toEqual([banner]);
    expect(logged).toHaveLength(1);
  });

  it('shows no banner when the credentials are missing or name nobody in this database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-banner-'));
    try {
      const ctx = { config: { ...t.config, dataDir: dir }, db: t.database.db };
      expect(await demoBanner(ctx)).toBeNull();
      fs.writeFileSync(demoCredentialsPath(dir), 'password: x\n\nemails:\n  nobody@example.com\n');
      expect(await demoBanner(ctx)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adds a second batch beside the first without clashing (npm run seed)', async () => {
    const result = await seedDemo(t.app.ctx, {
      users: 4,
      posts: 14,
      password: 'second-batch',
      photosPerScene: 1,
      usernameSuffix: '_b2',
      seed: 5,
    });
    expect(result.usernames.every((u) => u.endsWith('_b2'))).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(DEFAULT_DEMO.users + 4);
    expect((await login(result.emails[1]!, 'second-batch')).statusCode).toBe(200);
    const drift = await count(sql`SELECT count(*)::int AS n FROM users u WHERE
      u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`);
    expect(drift).toBe(0);
  }, 60_000);
});
