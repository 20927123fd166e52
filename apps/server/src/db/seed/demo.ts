import { randomBytes } from 'node:crypto';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createMediaStorage } from '../../lib/storage/index.js';
import { hotScoreExpr } from '../../modules/posts/posts.hot.js';
import type { DbOrTx } from '../client.js';
import {
  chatMembers,
  chats,
  comments,
  follows,
  likes,
  mediaUploads,
  messageReads,
  messages,
  postMedia,
  posts,
  shares,
  users,
} from '../schema/index.js';
import { readDemoCredentials, writeDemoCredentials } from './demo-banner.js';
import { SCENES } from './demo-images.js';
import { fullPool, makeDemoMedia, photoKey, type DemoMedia } from './demo-media.js';
import { buildPeople } from './demo-people.js';
import { planDemo, type DemoPlan } from './demo-plan.js';
import { seededRandom } from './images/svg.js';

export interface SeedOptions {
  users: number;
  posts: number;
  /** One password for every generated account; never a constant in the code. */
  password: string;
  /** Distinct photos drawn per scene (3 scenes per category); posts share them. */
  photosPerScene?: number;
  /** Photo size relative to the scenes' 1080 px base (smaller is faster to make). */
  photoScale?: number;
  /** Appended to usernames and emails so repeated runs on one database never collide. */
  usernameSuffix?: string;
  seed?: number;
  /** The image pool already being drawn for exactly these options (see startDemoImages). */
  media?: Promise<DemoMedia>;
}

export interface SeedResult {
  usernames: string[];
  /** Sign-in emails, the busiest member first. */
  emails: string[];
  postCount: number;
  /**
   * Milliseconds since the seed began at the end of each step, and `cpu`: this process's CPU
   * time over the seed (sharp's threads included, PostgreSQL's own processes not).
   */
  timings: Record<string, number>;
}

/**
 * Demo photos are 640 px wide: the pipeline then stores the original and a 320 px variant (at
 * 720 px it would add a 640 px one, +60 % work), and a feed card at any width up to 320 CSS px
 * is sharp on a 2x screen.
 */
const PHOTO_WIDTH_PX = 640;

/** The first-start size: enough for a full feed and Explore without slowing the first start. */
export const DEFAULT_DEMO = {
  users: 30,
  posts: 300,
  photosPerScene: 2,
  photoScale: PHOTO_WIDTH_PX / 1080,
} as const;

/** Bind parameters per statement stay well under PostgreSQL's 65535. */
const PARAMS_PER_INSERT = 30_000;

/** One multi-row INSERT per chunk (a chunk is as many rows as fit the parameter budget). */
async function insertRows<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: PgTable,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const chunk = Math.max(1, Math.floor(PARAMS_PER_INSERT / perRow));
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}

/** post_media rows and the matching claimed uploads, as the create-post flow leaves them. */
function mediaRows(plan: DemoPlan, media: DemoMedia) {
  const postMediaRows: Array<typeof postMedia.$inferInsert> = [];
  const uploadRows: Array<typeof mediaUploads.$inferInsert> = [];
  for (const p of plan.photos) {
    const image = media.photos.get(photoKey(p.sceneId, p.variant));
    if (!image) throw new Error(`demo photo missing: ${p.sceneId}#${p.variant}`);
    const uploadedAt = new Date(p.postCreatedAt.getTime() - (2 + p.position) * 60_000);
    postMediaRows.push({
      id: newId(p.postCreatedAt),
      postId: p.postId,
      position: p.position,
      url: image.url,
      variants: image.variants,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      altText: p.altText,
      caption: '',
    });
    uploadRows.push({
      id: newId(uploadedAt),
      ownerId: p.authorId,
      url: image.url,
      variants: image.variants,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      storageKeys: image.storageKeys,
      postId: p.postId,
      createdAt: uploadedAt,
    });
  }
  return { postMediaRows, uploadRows };
}

/**
 * Generates members with portraits, posts with category photos, follows, likes, comments,
 * shares and conversations, in one transaction: a failed seed leaves nothing behind, so the next
 * start tries again. Images are drawn and processed while the rows that don't need them are
 * written; counters are then computed set-wise from the rows themselves.
 */
export async function seedDemo(
  ctx: AppContext,
  opts: SeedOptions,
  log?: FastifyBaseLogger,
): Promise<SeedResult> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const timings: Record<string, number> = {};
  const mark = (step: string) => (timings[step] = Math.round(performance.now() - started));
  const seed = opts.seed ?? Date.now() % 1_000_000_007;
  const photosPerScene = Math.max(1, opts.photosPerScene ?? DEFAULT_DEMO.photosPerScene);

  log?.info({ users: opts.users, posts: opts.posts }, 'seeding demo data');
  // argon2 runs on libuv's pool while the plan is made; the hash goes in afterwards.
  const hashing = hashPassword(opts.password);
  const plan = planDemo({
    users: opts.users,
    posts: opts.posts,
    passwordHash: '',
    usernameSuffix: opts.usernameSuffix ?? '',
    photosPerScene,
    seed,
    now: Date.now(),
  });
  mark('plan');
  const mediaPromise = (
    opts.media ??
    makeDemoMedia(ctx, {
      // Only the photos some post shows (a small seed needs few).
      photos: fullPool(SCENES, photosPerScene).filter(({ scene, variant }) =>
        plan.photos.some((p) => p.sceneId === scene.id && p.variant === variant),
      ),
      photoScale: opts.photoScale ?? DEFAULT_DEMO.photoScale,
      looks: plan.people.map((p) => p.look),
      seed,
    })
  ).finally(() => mark('images'));
  const passwordHash = await hashing;
  for (const u of plan.users) u.passwordHash = passwordHash;
  // If the transaction fails first, the pool's own failure must not go unhandled.
  mediaPromise.catch(() => {});

  await ctx.db.transaction(async (tx) => {
    await insertRows(tx, users, plan.users);
    await insertRows(tx, posts, plan.posts);
    await insertRows(tx, follows, plan.follows);
    await insertRows(tx, likes, plan.likes);
    await insertRows(tx, comments, plan.comments);
    await insertRows(tx, shares, plan.shares);
    await insertRows(tx, chats, plan.chats);
    await insertRows(tx, chatMembers, plan.chatMembers);
    await insertRows(tx, messages, plan.messages);
    await insertRows(tx, messageReads, plan.messageReads);
    mark('rows');
    const media = await mediaPromise;
    const { postMediaRows, uploadRows } = mediaRows(plan, media);
    await insertRows(tx, postMedia, postMediaRows);
    await insertRows(tx, mediaUploads, uploadRows);
    await setAvatars(tx, plan, media);
    await recomputeCounters(tx);
    await deriveNotifications(tx);
    mark('media rows + counters');
  });
  // The planner's statistics for what was just loaded: without them (autovacuum analyzes a table
  // only after a minute, and one of fewer than 50 rows never) the members' feed statement read
  // every post for every member, sorting them, instead of walking posts_created_idx: 0.05 of the
  // ceiling on a fresh instance (issue 34). A few milliseconds at this size.
  await ctx.db.execute(sql`ANALYZE`);
  mark('analyze');
  mark('total');
  // CPU time of this process (sharp's threads included; PostgreSQL's own processes not): a
  // figure that does not swing with what else the machine is doing.
  const cpu = process.cpuUsage(cpuStart);
  timings.cpu = Math.round((cpu.user + cpu.system) / 1000);
  log?.info(
    { users: plan.users.length, posts: plan.posts.length, likes: plan.likes.length, ms: timings },
    'demo data ready',
  );
  return {
    usernames: plan.users.map((u) => u.username),
    emails: plan.users.map((u) => u.email),
    postCount: plan.posts.length,
    timings,
  };
}

/**
 * The notifications the seeded follows, likes, comments and mentions would have written (never about one's
 * own action): likes of a post collapse into one notification with every liker; everything older
 * than two days is already read. Rows an earlier batch already notified are left alone. Ids are random 24-hex strings, as newId's are.
 */
/** mentionedUsernames' rule as a PostgreSQL regular expression: an @name not inside a word. */
const MENTION_PATTERN = `(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}})(?![A-Za-z0-9_])`;

async function deriveNotifications(db: DbOrTx): Promise<void> {
  const id = sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`;
  const readAt = (at: ReturnType<typeof sql>) =>
    sql`case when ${at} < now() - interval '2 days' then ${at} + interval '1 hour' end`;
  await db.execute(sql`
    INSERT INTO notifications (id, recipient_id, actor_id, actor_ids, type, created_at, read_at)
    SELECT ${id}, f.followee_id, f.follower_id, ARRAY[f.follower_id], 'follow', f.created_at,
      ${readAt(sql`f.created_at`)}
    FROM follows f
    WHERE NOT EXISTS (SELECT 1 FROM notifications n
      WHERE n.type = 'follow' AND n.recipient_id = f.followee_id AND n.actor_id = f.follower_id)`);
  await db.execute(sql`
    INSERT INTO notifications (id, recipient_id, actor_id, actor_ids, type, post_id, comment_id, created_at, read_at)
    SELECT ${id}, p.author_id, c.user_id, ARRAY[c.user_id], 'comment', p.id, c.id, c.created_at,
      ${readAt(sql`c.created_at`)}
    FROM comments c JOIN posts p ON p.id = c.post_id
    WHERE c.user_id <> p.author_id
      AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.type = 'comment' AND n.comment_id = c.id)`);
  // Mentions in comments on public posts (the demo tags only there), as notifyMentions would:
  // not the commenter, not the post's author (told of the comment already).
  await db.execute(sql`
    INSERT INTO notifications (id, recipient_id, actor_id, actor_ids, type, post_id, comment_id, created_at, read_at)
    SELECT ${id}, u.id, c.user_id, ARRAY[c.user_id], 'mention', p.id, c.id, c.created_at,
      ${readAt(sql`c.created_at`)}
    FROM comments c JOIN posts p ON p.id = c.post_id
    CROSS JOIN LATERAL (SELECT DISTINCT lower(m[1]) AS name
      FROM regexp_matches(c.content, ${MENTION_PATTERN}, 'g') AS m) AS mentioned
    JOIN users u ON lower(u.username) = mentioned.name
    WHERE p.privacy = 'public' AND u.id <> c.user_id AND u.id <> p.author_id
      AND NOT EXISTS (SELECT 1 FROM notifications n
        WHERE n.type = 'mention' AND n.comment_id = c.id AND n.recipient_id = u.id)`);
  await db.execute(sql`
    INSERT INTO notifications (id, recipient_id, actor_id, actor_ids, type, post_id, created_at, read_at)
    SELECT ${id}, g.author_id, g.actor_ids[cardinality(g.actor_ids)], g.actor_ids, 'like', g.post_id, g.at,
      ${readAt(sql`g.at`)}
    FROM (
      SELECT p.id AS post_id, p.author_id, array_agg(l.user_id ORDER BY l.created_at) AS actor_ids,
        max(l.created_at) AS at
      FROM likes l JOIN posts p ON p.id = l.post_id
      WHERE l.user_id <> p.author_id
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.type = 'like' AND n.post_id = p.id)
      GROUP BY p.id, p.author_id
    ) g`);
}

/** One UPDATE for every member with a portrait, as the avatar upload would have set it. */
async function setAvatars(db: DbOrTx, plan: DemoPlan, media: DemoMedia): Promise<void> {
  const ids: string[] = [];
  const urls: string[] = [];
  const uploadedAt: string[] = [];
  plan.users.forEach((u, i) => {
    const avatar = media.avatars[i];
    if (!avatar) return;
    ids.push(u.id!);
    urls.push(avatar.url);
    uploadedAt.push(new Date((u.createdAt as Date).getTime() + 86_400_000).toISOString());
  });
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE ${users} SET avatar_url = v.url,
      avatar_filename = regexp_replace(v.url, '^.*/', ''),
      avatar_uploaded_at = v.at
    FROM unnest(${sql.param(ids)}::text[], ${sql.param(urls)}::text[], ${sql.param(uploadedAt)}::timestamptz[]) AS v(id, url, at)
    WHERE ${users.id} = v.id`);
}

/**
 * Sets every post and member counter and the trending score from the rows themselves, set-wise
 * (grouped counts joined once, not a subquery per row). Seed and repair only: the live paths
 * move counters in the same transaction as their rows.
 */
export async function recomputeCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    UPDATE ${posts} SET likes_count = c.likes, comments_count = c.comments, shares_count = c.shares,
      hot_score = ${hotScoreExpr({ likes: sql`c.likes`, comments: sql`c.comments`, shares: sql`c.shares`, views: posts.viewsCount })}
    FROM (
      SELECT p.id, coalesce(l.n, 0) AS likes, coalesce(m.n, 0) AS comments, coalesce(s.n, 0) AS shares
      FROM ${posts} p
      LEFT JOIN (SELECT post_id, count(*)::int AS n FROM ${likes} GROUP BY post_id) l ON l.post_id = p.id
      LEFT JOIN (SELECT post_id, count(*)::int AS n FROM ${comments} GROUP BY post_id) m ON m.post_id = p.id
      LEFT JOIN (SELECT post_id, count(*)::int AS n FROM ${shares} GROUP BY post_id) s ON s.post_id = p.id
    ) c
    WHERE ${posts.id} = c.id`);
  // The searched alt text of each post, from its images (as createPost writes it).
  await db.execute(sql`
    UPDATE ${posts} SET media_alt_text = m.alt
    FROM (SELECT post_id, string_agg(alt_text, ' ' ORDER BY position) AS alt
          FROM ${postMedia} WHERE alt_text <> '' GROUP BY post_id) m
    WHERE ${posts.id} = m.post_id`);
  await db.execute(sql`
    UPDATE ${users} SET posts_count = c.posts, followers_count = c.followers, following_count = c.following
    FROM (
      SELECT u.id, coalesce(p.n, 0) AS posts, coalesce(fr.n, 0) AS followers, coalesce(fg.n, 0) AS following
      FROM ${users} u
      LEFT JOIN (SELECT author_id, count(*)::int AS n FROM ${posts} GROUP BY author_id) p ON p.author_id = u.id
      LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM ${follows} GROUP BY followee_id) fr ON fr.followee_id = u.id
      LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM ${follows} GROUP BY follower_id) fg ON fg.follower_id = u.id
    ) c
    WHERE ${users.id} = c.id`);
}

/** The first-start seed: the same rows and the same pictures on every machine. */
const FIRST_START_SEED = 20261122;

/** The first-start image pool, drawing while the database starts. */
export interface EarlyDemoImages {
  media: Promise<DemoMedia>;
}

/**
 * Starts drawing the first-start demo images before the database is up: they need only the media
 * store, and on a fresh embedded DATA_DIR the cluster's initdb and the migrations take about as
 * long as the drawing, so the two overlap. Null when no first-start seed is expected (PostgreSQL,
 * SEED_DEMO off, or a DATA_DIR seeded before, which has its credentials file). Should the
 * database still hold members, the files stay unused in the store: the same bytes a demo seed
 * would have written, a few megabytes.
 */
export function startDemoImages(config: Config): EarlyDemoImages | null {
  if (!config.seedDemo || config.databaseUrl || readDemoCredentials(config.dataDir)) return null;
  const people = buildPeople(DEFAULT_DEMO.users, '', seededRandom(FIRST_START_SEED));
  const media = makeDemoMedia(
    { storage: createMediaStorage(config) },
    {
      photos: fullPool(SCENES, DEFAULT_DEMO.photosPerScene),
      photoScale: DEFAULT_DEMO.photoScale,
      looks: people.map((p) => p.look),
      seed: FIRST_START_SEED,
    },
  );
  // Awaited by seedDemoIfEmpty, or never (a database that already has members).
  media.catch(() => {});
  return { media };
}

/**
 * Seeds an empty database on first start and keeps the password (owner-only) in
 * DATA_DIR/demo-credentials.txt; the start banner points there instead of printing it.
 */
export async function seedDemoIfEmpty(
  ctx: AppContext,
  log: FastifyBaseLogger,
  early?: EarlyDemoImages | null,
): Promise<void> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).limit(1);
  if (existing) return;
  const password = randomBytes(9).toString('base64url');
  const result = await seedDemo(
    ctx,
    { ...DEFAULT_DEMO, password, seed: FIRST_START_SEED, media: early?.media },
    log,
  );
  writeDemoCredentials(ctx.config.dataDir, { password, emails: result.emails });
}
