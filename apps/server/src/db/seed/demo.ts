import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { makeExcerpt, type Category, type ImageVariant, type Privacy } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { processImage } from '../../modules/media/media.pipeline.js';
import { hotScoreSql } from '../../modules/posts/posts.hot.js';
import {
  chatMembers,
  chats,
  comments,
  follows,
  likes,
  messages,
  postMedia,
  posts,
  shares,
  users,
} from '../schema/index.js';
import {
  CATEGORIES,
  DEMO_CHAT_LINES,
  DEMO_CITIES,
  DEMO_COMMENTS,
  DEMO_PEOPLE,
  topicFor,
} from './demo-content.js';
import { renderDemoPhoto } from './demo-images.js';

export interface SeedOptions {
  users: number;
  posts: number;
  /** One password for every generated account; never a constant in the code. */
  password: string;
  /** Distinct generated photos, reused across posts (content-addressed, stored once). */
  imagePool?: number;
  /** Appended to usernames so repeated runs on one database never collide. */
  usernameSuffix?: string;
  seed?: number;
}

export interface SeedResult {
  usernames: string[];
  postCount: number;
}

const INSERT_CHUNK = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * Generates members, posts with real processed photos, follows, likes, comments, shares and a
 * few chats. Counters are recomputed set-wise at the end, so they match the rows exactly.
 */
export async function seedDemo(
  ctx: AppContext,
  opts: SeedOptions,
  log?: FastifyBaseLogger,
): Promise<SeedResult> {
  const random = rng(opts.seed ?? Date.now());
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const db = ctx.db;
  const now = Date.now();
  const suffix = opts.usernameSuffix ?? '';

  log?.info({ users: opts.users, posts: opts.posts }, 'seeding demo data');
  const passwordHash = await hashPassword(opts.password);

  const userRows = Array.from({ length: opts.users }, (_, i) => {
    const person = DEMO_PEOPLE[i % DEMO_PEOPLE.length]!;
    const round = Math.floor(i / DEMO_PEOPLE.length);
    const username = `${person[0]}${round ? round + 1 : ''}${suffix}`;
    const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
    const createdAt = new Date(now - (90 + random() * 300) * DAY_MS);
    return {
      id: newId(createdAt),
      username,
      email: `${username}@gmail.com`,
      passwordHash,
      displayName: `${person[1]} ${person[2]}`,
      firstName: person[1],
      lastName: person[2],
      bio: `${pick(['Photographer', 'Home cook', 'Runner', 'Designer', 'Traveller', 'Engineer'])} in ${city.name}. Sharing small good things.`,
      location: `${city.name}, ${city.country}`,
      website: random() < 0.3 ? `https://${username}.example.com` : '',
      isVerified: random() < 0.2,
      createdAt,
      lastActiveAt: new Date(now - random() * 3 * DAY_MS),
    };
  });
  await insertChunked(userRows, (chunk) => db.insert(users).values(chunk));

  const poolSize = Math.max(1, opts.imagePool ?? 24);
  const pool: Array<{
    url: string;
    width: number;
    height: number;
    placeholder: string | null;
    variants: ImageVariant[];
  }> = [];
  for (let i = 0; i < poolSize; i++) {
    const photo = await renderDemoPhoto((opts.seed ?? 1) + i);
    const processed = await processImage(ctx.storage, photo, { kind: 'post' });
    pool.push(processed);
  }

  const postRows: Array<typeof posts.$inferInsert> = [];
  const mediaRows: Array<typeof postMedia.$inferInsert> = [];
  for (let i = 0; i < opts.posts; i++) {
    const author = userRows[Math.floor(random() * userRows.length)]!;
    const category: Category = CATEGORIES[i % CATEGORIES.length]!;
    const topic = topicFor(category);
    // Irvine (the Explore default) gets a larger share so its feed is never thin.
    const city = random() < 0.2 ? DEMO_CITIES[0]! : pick(DEMO_CITIES);
    const createdAt = new Date(now - random() * 60 * DAY_MS);
    const [first, second, third] = [...topic.lines].sort(() => random() - 0.5) as [string, string, string];
    const content = random() < 0.5 ? `${first} ${second}\n\n${third}` : `${first}\n\n${second}`;
    const roll = random();
    const privacy: Privacy =
      roll < 0.85 ? 'public' : roll < 0.93 ? 'followers' : roll < 0.97 ? 'friends' : 'private';
    const id = newId(createdAt);
    const tags = Array.from(
      new Set([pick(topic.tags), pick(topic.tags), city.name.toLowerCase().replace(/\s+/g, '')]),
    );
    postRows.push({
      id,
      authorId: author.id,
      title: pick(topic.titles),
      content,
      excerpt: makeExcerpt(content),
      category,
      tags,
      privacy,
      city: city.name,
      locationName: `${city.name}, ${city.state}`,
      latitude: city.latitude + (random() - 0.5) * 0.05,
      longitude: city.longitude + (random() - 0.5) * 0.05,
      address: { street: '', city: city.name, state: city.state, country: city.country, zipCode: '' },
      viewsCount: Math.floor(random() * 2000),
      createdAt,
      updatedAt: createdAt,
    });
    const imageCount = 1 + Math.floor(random() * random() * 5);
    for (let position = 0; position < imageCount; position++) {
      const image = pool[Math.floor(random() * pool.length)]!;
      mediaRows.push({
        id: newId(createdAt),
        postId: id,
        position,
        url: image.url,
        variants: image.variants,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        altText: `${category} photo in ${city.name}`,
        caption: position === 0 ? pick(topic.lines) : '',
      });
    }
  }
  await insertChunked(postRows, (chunk) => db.insert(posts).values(chunk));
  await insertChunked(mediaRows, (chunk) => db.insert(postMedia).values(chunk));

  const followRows = new Map<string, typeof follows.$inferInsert>();
  for (const follower of userRows) {
    const wanted = 5 + Math.floor(random() * 8);
    for (let k = 0; k < wanted; k++) {
      const followee = pick(userRows);
      if (followee.id === follower.id) continue;
      followRows.set(`${follower.id}:${followee.id}`, { followerId: follower.id, followeeId: followee.id });
    }
  }
  await insertChunked([...followRows.values()], (chunk) => db.insert(follows).values(chunk));

  const likeRows = new Map<string, typeof likes.$inferInsert>();
  const commentRows: Array<typeof comments.$inferInsert> = [];
  const shareRows: Array<typeof shares.$inferInsert> = [];
  for (const post of postRows) {
    const postTime = (post.createdAt as Date).getTime();
    const likeCount = Math.floor(random() * Math.min(25, userRows.length));
    for (let k = 0; k < likeCount; k++) {
      const liker = pick(userRows);
      likeRows.set(`${post.id}:${liker.id}`, {
        postId: post.id,
        userId: liker.id,
        createdAt: new Date(postTime + random() * (now - postTime)),
      });
    }
    const commentCount = Math.floor(random() * 5);
    for (let k = 0; k < commentCount; k++) {
      const at = new Date(postTime + random() * (now - postTime));
      commentRows.push({
        id: newId(at),
        postId: post.id,
        userId: pick(userRows).id,
        content: pick(DEMO_COMMENTS),
        createdAt: at,
      });
    }
    if (random() < 0.3)
      shareRows.push({ id: newId(), postId: post.id, userId: pick(userRows).id, shareType: 'repost' });
  }
  await insertChunked([...likeRows.values()], (chunk) => db.insert(likes).values(chunk));
  await insertChunked(commentRows, (chunk) => db.insert(comments).values(chunk));
  await insertChunked(shareRows, (chunk) => db.insert(shares).values(chunk));

  await seedChats(ctx, userRows.slice(0, Math.min(6, userRows.length)), random);
  await recomputeCounters(ctx);
  log?.info(
    { users: userRows.length, posts: postRows.length, likes: likeRows.size, comments: commentRows.length },
    'demo data ready',
  );
  return { usernames: userRows.map((u) => u.username), postCount: postRows.length };
}

/** A few conversations between the first member and the next ones. */
async function seedChats(
  ctx: AppContext,
  people: Array<{ id: string }>,
  random: () => number,
): Promise<void> {
  const [first, ...others] = people;
  if (!first) return;
  for (const other of others.slice(0, 4)) {
    const start = Date.now() - (1 + random() * 5) * DAY_MS;
    const chatId = newId(new Date(start));
    const lines = DEMO_CHAT_LINES.slice(0, 2 + Math.floor(random() * (DEMO_CHAT_LINES.length - 1)));
    const rows = lines.map((content, i) => {
      const at = new Date(start + i * 7 * 60 * 1000);
      return { id: newId(at), chatId, senderId: i % 2 === 0 ? other.id : first.id, content, createdAt: at };
    });
    const last = rows[rows.length - 1]!;
    const [a, b] = [first.id, other.id].sort();
    await ctx.db.transaction(async (tx) => {
      await tx.insert(chats).values({
        id: chatId,
        type: 'direct',
        directKey: `${a}:${b}`,
        createdBy: other.id,
        lastMessageId: last.id,
        lastActivityAt: last.createdAt,
        createdAt: new Date(start),
      });
      await tx.insert(chatMembers).values([
        {
          chatId,
          userId: first.id,
          unreadCount: last.senderId === first.id ? 0 : 1,
          lastReadAt: new Date(start),
        },
        { chatId, userId: other.id, unreadCount: 0, lastReadAt: last.createdAt },
      ]);
      await tx.insert(messages).values(rows);
    });
  }
}

/** Sets every counter and the trending score from the rows themselves (seed only; live paths move them in step). */
export async function recomputeCounters(ctx: AppContext): Promise<void> {
  await ctx.db.execute(sql`UPDATE posts p SET
      likes_count = (SELECT count(*) FROM likes l WHERE l.post_id = p.id),
      comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = p.id),
      shares_count = (SELECT count(*) FROM shares s WHERE s.post_id = p.id)`);
  await ctx.db.execute(sql`UPDATE posts SET hot_score = ${hotScoreSql}`);
  await ctx.db.execute(sql`UPDATE users u SET
      posts_count = (SELECT count(*) FROM posts p WHERE p.author_id = u.id),
      followers_count = (SELECT count(*) FROM follows f WHERE f.followee_id = u.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`);
}

/**
 * Seeds an empty embedded database on first start and prints the demo password once; it is also
 * kept (owner-only) in DATA_DIR/demo-credentials.txt for later reference.
 */
export async function seedDemoIfEmpty(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).limit(1);
  if (existing) return;
  const password = randomBytes(9).toString('base64url');
  const started = Date.now();
  const result = await seedDemo(ctx, { users: 30, posts: 300, password, seed: 20261122 }, log);
  const file = path.join(ctx.config.dataDir, 'demo-credentials.txt');
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(
    file,
    `Demo accounts: ${result.usernames.join(', ')}\nPassword (all of them): ${password}\n`,
    { mode: 0o600 },
  );
  const banner = [
    '',
    '  Demo data is ready (first start of an empty database).',
    `  ${result.usernames.length} members, ${result.postCount} posts, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    `  Sign in as any of: ${result.usernames.slice(0, 6).join(', ')}, ...`,
    `  Password for every demo account: ${password}`,
    `  (shown once; also kept in ${file})`,
    '',
  ].join('\n');
  console.log(banner);
}
