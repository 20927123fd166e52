/**
 * `npm run bench:seed -- --users 10000 --posts 100000 [--data-dir DIR] [--database-url URL] [--db-name NAME] [--drop]`
 *
 * A large, realistic dataset built set-wise inside the database (INSERT ... SELECT over
 * generate_series with random() expressions), not row by row from JavaScript. The server's embedded
 * PostgreSQL by default (`<data-dir>/pg`); with --database-url (or --mode postgres) it (re)creates its own
 * PostgreSQL database (default glimpse_bench) on that server. `--drop` removes the dataset instead.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CATEGORIES } from '@glimpse/shared';
import { loadConfig } from '@glimpse/server/src/config.js';
import { renderDemoPhoto } from '@glimpse/server/src/db/seed/demo-images.js';
import { hashPassword } from '@glimpse/server/src/lib/passwords.js';
import { createMediaStorage } from '@glimpse/server/src/lib/storage/index.js';
import { processImage } from '@glimpse/server/src/modules/media/media.pipeline.js';
import { hotScoreExpr } from '@glimpse/server/src/modules/posts/posts.hot.js';
import { intArg, numArg, parseArgs } from './lib/args.js';
import {
  describeTarget,
  dropDatabase,
  openSession,
  prepareOwnedDir,
  recreateDatabase,
  removeOwnedDir,
  targetsFrom,
  type SqlSession,
  type Target,
} from './lib/dataset.js';
import { BIOS, CITIES, COMMENTS, FIRST_NAMES, GENERIC_TAGS, LAST_NAMES, TOPIC_LIST } from './lib/vocab.js';

const args = parseArgs();
if (args.has('help')) {
  console.log(
    'Usage: npm run bench:seed -- [--users 10000] [--posts 100000] [--data-dir /tmp/glimpse-bench]\n' +
      '         [--database-url postgres://postgres@127.0.0.1:5432] [--db-name glimpse_bench] [--images 8]\n' +
      '         [--follows-per-user 30] [--likes-per-post 8] [--comments-per-post 1.5] [--shares-per-post 0.3]\n' +
      '         [--keep-indexes] [--drop]',
  );
  process.exit(0);
}

const USERS = intArg(args, 'users', 10_000, 2);
const POSTS = intArg(args, 'posts', 100_000, 0);
const IMAGES = intArg(args, 'images', 8, 1);
const FOLLOWS_PER_USER = numArg(args, 'follows-per-user', 30);
const LIKES_PER_POST = numArg(args, 'likes-per-post', 8);
const COMMENTS_PER_POST = numArg(args, 'comments-per-post', 1.5);
const SHARES_PER_POST = numArg(args, 'shares-per-post', 0.3);
/** By default secondary (non-unique) indexes are dropped for the load and rebuilt once at the end. */
const KEEP_INDEXES = args.has('keep-indexes');

const targets = targetsFrom(args);
if (targets.length !== 1) {
  console.error(
    'seed one dataset at a time: give one --data-dir / --db-name and --mode embedded or postgres',
  );
  process.exit(2);
}
const target = targets[0]!;

// --- SQL literal helpers (every literal is our own constant text) -----------------------------
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `ARRAY[${list.map(q).join(', ')}]::text[]`;
/** A uniform 1-based index into an array expression. */
const pickFrom = (arr: string, rnd = 'random()') =>
  `(${arr})[1 + floor(${rnd} * array_length(${arr}, 1))::int]`;
/**
 * A 24-hex id that sorts like lib/ids.ts newId(): 8 hex of the row's epoch seconds, then 5 hex
 * of noise, one hex naming the table and 10 hex of the row number, so ids never collide.
 */
const idSql = (ts: string, table: number, n: string) =>
  `lpad(to_hex(floor(extract(epoch from ${ts}))::bigint), 8, '0') || substr(md5(${n}::text || '${table}'), 1, 5) || '${table.toString(16)}' || lpad(to_hex(${n}::bigint), 10, '0')`;

const SEED_TABLES = ['users', 'posts', 'post_media', 'follows', 'likes', 'comments', 'shares'];

function fmtMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

const timings: Array<{ stage: string; ms: number; rows?: number }> = [];
async function stage<T>(
  name: string,
  fn: () => Promise<T>,
  count?: (result: T) => Promise<number | undefined> | number | undefined,
): Promise<T> {
  const started = performance.now();
  process.stdout.write(`  ${name.padEnd(34)} `);
  const result = await fn();
  const ms = performance.now() - started;
  const rows = count ? await count(result) : undefined;
  timings.push({ stage: name, ms, rows });
  console.log(
    `${fmtMs(ms).padStart(9)}${rows !== undefined ? `  ${rows.toLocaleString('en-US')} rows` : ''}`,
  );
  return result;
}

async function countOf(s: SqlSession, table: string): Promise<number> {
  const [row] = await s.rows<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n ?? 0);
}

async function main(): Promise<void> {
  if (args.has('drop')) {
    if (target.mode === 'postgres') {
      console.log(
        (await dropDatabase(target)) ? `dropped database ${target.dbName}` : `no database ${target.dbName}`,
      );
    } else {
      console.log(
        removeOwnedDir(target.dataDir) ? `removed ${target.dataDir}` : `nothing removed at ${target.dataDir}`,
      );
    }
    return;
  }

  console.log(
    `Seeding ${USERS.toLocaleString('en-US')} users and ${POSTS.toLocaleString('en-US')} posts into ${describeTarget(target)}`,
  );
  const totalStart = performance.now();

  await stage('create database', async () => {
    if (target.mode === 'postgres') {
      prepareOwnedDir(target.dataDir, false);
      await recreateDatabase(target);
    } else {
      prepareOwnedDir(target.dataDir, true);
    }
  });
  const s = await stage('open + migrate', () => openSession(target, { migrate: true }));
  try {
    await seed(s, target);
  } finally {
    await s.close();
  }
  const total = performance.now() - totalStart;
  console.log(`  ${'total'.padEnd(34)} ${fmtMs(total).padStart(9)}`);
}

async function seed(s: SqlSession, t: Target): Promise<void> {
  const embedded = t.mode === 'embedded';
  await s.exec(
    `SET work_mem = '${embedded ? '64MB' : '128MB'}'; SET maintenance_work_mem = '${embedded ? '256MB' : '512MB'}'`,
  );
  if (!embedded) await s.exec(`SET synchronous_commit = off`);
  // Bulk load without per-row foreign-key triggers: every reference is built by a join on rows
  // that exist, so the keys hold by construction. Needs a superuser (the embedded cluster's user is; so is postgres here).
  let replica = false;
  try {
    await s.exec(`SET session_replication_role = replica`);
    replica = true;
  } catch {
    console.log('  (not a superuser: foreign-key checks stay on during the load)');
  }
  await s.exec(`SELECT setseed(0.4242)`);

  const password = randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);

  // --- a small pool of real processed images (the server's own pipeline, so URLs resolve) ---
  const images = await stage(`images (${IMAGES}, sharp + pipeline)`, async () => {
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'warn' });
    const storage = createMediaStorage(config);
    const out: Array<{
      i: number;
      url: string;
      variants: unknown;
      width: number;
      height: number;
      placeholder: string | null;
    }> = [];
    for (let i = 0; i < IMAGES; i++) {
      const photo = await renderDemoPhoto(7000 + i);
      const processed = await processImage(storage, photo, { kind: 'post' });
      out.push({
        i: i + 1,
        url: processed.url,
        variants: processed.variants,
        width: processed.width,
        height: processed.height,
        placeholder: processed.placeholder,
      });
    }
    return out;
  });

  await stage('vocabulary tables', async () => {
    await s.exec(`
      CREATE TEMP TABLE seed_first AS SELECT i::int, w FROM unnest(${textArray(FIRST_NAMES)}) WITH ORDINALITY AS x(w, i);
      CREATE TEMP TABLE seed_last AS SELECT i::int, w FROM unnest(${textArray(LAST_NAMES)}) WITH ORDINALITY AS x(w, i);
      CREATE TEMP TABLE seed_city (i int PRIMARY KEY, name text, state text, country text, lat float8, lon float8, tag text);
      INSERT INTO seed_city VALUES ${CITIES.map(
        (c, i) =>
          `(${i + 1}, ${q(c.name)}, ${q(c.state)}, ${q(c.country)}, ${c.lat}, ${c.lon}, ${q(
            c.name
              .toLowerCase()
              .normalize('NFD')
              .replace(/[^a-z]/g, ''),
          )})`,
      ).join(', ')};
      CREATE TEMP TABLE seed_cat (i int PRIMARY KEY, name text, titles text[], tags text[], lines text[]);
      INSERT INTO seed_cat VALUES ${TOPIC_LIST.map((c, i) => `(${i + 1}, ${q(c.name)}, ${textArray(c.titles)}, ${textArray(c.tags)}, ${textArray(c.lines)})`).join(', ')};
      CREATE TEMP TABLE seed_img (i int PRIMARY KEY, url text, variants jsonb, width int, height int, placeholder text);
      INSERT INTO seed_img SELECT * FROM jsonb_to_recordset(${q(JSON.stringify(images))}::jsonb)
        AS x(i int, url text, variants jsonb, width int, height int, placeholder text);
      ANALYZE seed_first; ANALYZE seed_last; ANALYZE seed_city; ANALYZE seed_cat; ANALYZE seed_img;
    `);
  });

  let droppedIndexes: Array<{ name: string; def: string }> = [];
  if (!KEEP_INDEXES) {
    droppedIndexes = await stage(
      'drop secondary indexes',
      async () => {
        const list = await s.rows<{ name: string; def: string }>(
          `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class tb ON tb.oid = x.indrelid
          WHERE tb.relnamespace = 'public'::regnamespace AND tb.relname = ANY($1::text[])
            AND NOT x.indisunique AND NOT x.indisprimary`,
          [SEED_TABLES],
        );
        for (const ix of list) await s.exec(`DROP INDEX IF EXISTS "${ix.name}"`);
        return list;
      },
      (list) => list.length,
    );
  }

  const U = USERS;
  const P = POSTS;
  const NC = CITIES.length;

  // --- users --------------------------------------------------------------------------------
  await stage(
    'users',
    async () => {
      await s.exec(`
      CREATE TEMP TABLE seed_u AS
        SELECT g AS n, ts AS created_at, ${idSql('ts', 0, 'g')} AS id, fi, li, city_i
          FROM (SELECT g, now() - interval '1 year' - random() * interval '2 years' AS ts,
                       1 + floor(random() * ${FIRST_NAMES.length})::int AS fi,
                       1 + floor(random() * ${LAST_NAMES.length})::int AS li,
                       CASE WHEN random() < 0.1 THEN 1 ELSE 1 + floor(random() * ${NC})::int END AS city_i
                  FROM generate_series(1, ${U}) g) s;
      CREATE UNIQUE INDEX ON seed_u (n);
      ANALYZE seed_u; -- temp tables are never auto-analyzed: without stats the joins below plan badly
      INSERT INTO users (id, username, email, password_hash, display_name, first_name, last_name, bio, location,
                         website, is_verified, last_active_at, created_at, updated_at)
        SELECT u.id, f.w || '_' || l.w || u.n, f.w || '.' || l.w || u.n || '@bench.glimpse.test', ${q(passwordHash)},
               initcap(f.w) || ' ' || initcap(l.w), initcap(f.w), initcap(l.w),
               ${pickFrom(textArray(BIOS))} || ' in ' || c.name || '. Sharing small good things.',
               c.name || ', ' || c.country,
               CASE WHEN random() < 0.2 THEN 'https://' || f.w || l.w || u.n || '.example.com' ELSE '' END,
               random() < 0.05, now() - random() * interval '30 days', u.created_at, u.created_at
          FROM seed_u u JOIN seed_first f ON f.i = u.fi JOIN seed_last l ON l.i = u.li JOIN seed_city c ON c.i = u.city_i;
    `);
    },
    () => countOf(s, 'users'),
  );

  // --- posts: over the last year (denser recently), skewed authors, 7 categories, ~40 cities --
  await stage(
    'posts',
    async () => {
      await s.exec(`
      CREATE TEMP TABLE seed_p AS
        SELECT g AS n, ts AS created_at, ${idSql('ts', 1, 'g')} AS id,
               1 + floor(power(random(), 2) * ${U})::int AS author_n,
               1 + floor(random() * ${CATEGORIES.length})::int AS cat_i,
               CASE WHEN random() < 0.15 THEN 1 ELSE 1 + floor(random() * ${NC})::int END AS city_i,
               1 + floor(power(random(), 2.5) * 4)::int AS nimg
          FROM (SELECT g, now() - power(random(), 1.3) * interval '365 days' AS ts FROM generate_series(1, ${P}) g) s;
      CREATE UNIQUE INDEX ON seed_p (n);
      ANALYZE seed_p;
      INSERT INTO posts (id, author_id, title, content, excerpt, category, tags, privacy, city, location_name,
                         latitude, longitude, address, created_at, updated_at)
        SELECT id, author_id, title, content,
               CASE WHEN char_length(norm) > 100 THEN rtrim(left(norm, 100)) || '…' ELSE norm END,
               category, tags, privacy, city, location_name, latitude, longitude, address, created_at, created_at
          FROM (
            SELECT p.id, u.id AS author_id, c.name AS category, p.created_at, x.title, x.content,
                   btrim(regexp_replace(x.content, '\\s+', ' ', 'g')) AS norm,
                   (CASE WHEN r.t1 = r.t2 THEN ARRAY[c.tags[r.t1]] ELSE ARRAY[c.tags[r.t1], c.tags[r.t2]] END)
                     || ARRAY[ct.tag]
                     || (CASE WHEN r.rg < 0.3 THEN ARRAY[(${textArray(GENERIC_TAGS)})[1 + floor(r.rg / 0.3 * ${GENERIC_TAGS.length})::int]] ELSE '{}'::text[] END) AS tags,
                   CASE WHEN r.rp < 0.85 THEN 'public' WHEN r.rp < 0.93 THEN 'followers' WHEN r.rp < 0.97 THEN 'friends' ELSE 'private' END AS privacy,
                   ct.name AS city, ct.name || ', ' || ct.state AS location_name,
                   ct.lat + (r.rl - 0.5) * 0.1 AS latitude, ct.lon + (r.ro - 0.5) * 0.1 AS longitude,
                   jsonb_build_object('street', '', 'city', ct.name, 'state', ct.state, 'country', ct.country, 'zipCode', '') AS address
              FROM seed_p p
              JOIN seed_u u ON u.n = p.author_n
              JOIN seed_cat c ON c.i = p.cat_i
              JOIN seed_city ct ON ct.i = p.city_i
              CROSS JOIN LATERAL (
                SELECT 1 + floor(random() * array_length(c.tags, 1))::int AS t1, 1 + floor(random() * array_length(c.tags, 1))::int AS t2,
                       floor(random() * array_length(c.lines, 1))::int AS k,
                       random() AS rg, random() AS rp, random() AS rl, random() AS ro, p.n AS _n
              ) r
              CROSS JOIN LATERAL (
                SELECT ${pickFrom('c.titles')} AS title,
                       c.lines[1 + r.k % array_length(c.lines, 1)] || ' ' || c.lines[1 + (r.k + 1) % array_length(c.lines, 1)]
                         || E'\\n\\n' || c.lines[1 + (r.k + 2) % array_length(c.lines, 1)]
                         || ' Spotted in ' || ct.name || '.' AS content, p.n AS _n
              ) x
          ) rows;
    `);
    },
    () => countOf(s, 'posts'),
  );

  await stage(
    'post_media (1-4 images a post)',
    async () => {
      await s.exec(`
      INSERT INTO post_media (id, post_id, position, url, variants, width, height, placeholder, alt_text, caption)
        SELECT ${idSql('p.created_at', 2, '(p.n * 4 + k)')}, p.id, k, img.url, img.variants, img.width, img.height, img.placeholder,
               c.name || ' photo in ' || ct.name, CASE WHEN k = 0 THEN ${pickFrom('c.lines')} ELSE '' END
          FROM seed_p p
          CROSS JOIN LATERAL generate_series(0, p.nimg - 1) k
          JOIN seed_img img ON img.i = 1 + ((p.n * 7 + k * 3) % ${images.length})
          JOIN seed_cat c ON c.i = p.cat_i
          JOIN seed_city ct ON ct.i = p.city_i;
    `);
    },
    () => countOf(s, 'post_media'),
  );

  // --- follows: followers uniform, followees power-law (a few very popular accounts) --------
  // Pairs are made distinct on the integer row numbers first, so the insert needs no ON CONFLICT.
  await stage(
    'follows',
    async () => {
      await s.exec(`
      INSERT INTO follows (follower_id, followee_id, created_at)
        SELECT a.id, b.id, greatest(a.created_at, b.created_at) + random() * (now() - greatest(a.created_at, b.created_at))
          FROM (SELECT DISTINCT an, bn
                  FROM (SELECT 1 + floor(random() * ${U})::int AS an, 1 + floor(power(random(), 3) * ${U})::int AS bn
                          FROM generate_series(1, ${Math.round(U * FOLLOWS_PER_USER * 1.12)})) r
                 WHERE an <> bn) x
          JOIN seed_u a ON a.n = x.an JOIN seed_u b ON b.n = x.bn;
    `);
    },
    () => countOf(s, 'follows'),
  );

  // --- likes: skewed towards some posts and some (active) users -----------------------------
  await stage(
    'likes',
    async () => {
      if (P === 0) return;
      await s.exec(`
      INSERT INTO likes (post_id, user_id, created_at)
        SELECT p.id, u.id, p.created_at + random() * (now() - p.created_at)
          FROM (SELECT DISTINCT pn, un
                  FROM (SELECT 1 + floor(power(random(), 1.8) * ${P})::int AS pn, 1 + floor(power(random(), 1.5) * ${U})::int AS un
                          FROM generate_series(1, ${Math.round(P * LIKES_PER_POST * 1.08)})) r) x
          JOIN seed_p p ON p.n = x.pn JOIN seed_u u ON u.n = x.un;
    `);
    },
    () => countOf(s, 'likes'),
  );

  await stage(
    'comments',
    async () => {
      if (P === 0) return;
      await s.exec(`
      INSERT INTO comments (id, post_id, user_id, content, created_at)
        SELECT ${idSql('ts', 3, 'g')}, pid, uid, ${pickFrom(textArray(COMMENTS))}, ts
          FROM (SELECT x.g, p.id AS pid, u.id AS uid, p.created_at + random() * (now() - p.created_at) AS ts
                  FROM (SELECT g, 1 + floor(power(random(), 1.5) * ${P})::int AS pn, 1 + floor(power(random(), 1.3) * ${U})::int AS un
                          FROM generate_series(1, ${Math.round(P * COMMENTS_PER_POST)}) g) x
                  JOIN seed_p p ON p.n = x.pn JOIN seed_u u ON u.n = x.un) c;
    `);
    },
    () => countOf(s, 'comments'),
  );

  await stage(
    'shares',
    async () => {
      if (P === 0) return;
      await s.exec(`
      INSERT INTO shares (id, post_id, user_id, share_type, created_at)
        SELECT ${idSql('ts', 4, 'g')}, pid, uid, CASE WHEN random() < 0.7 THEN 'repost' ELSE 'link' END, ts
          FROM (SELECT x.g, p.id AS pid, u.id AS uid, p.created_at + random() * (now() - p.created_at) AS ts
                  FROM (SELECT g, 1 + floor(power(random(), 1.5) * ${P})::int AS pn, 1 + floor(random() * ${U})::int AS un
                          FROM generate_series(1, ${Math.round(P * SHARES_PER_POST)}) g) x
                  JOIN seed_p p ON p.n = x.pn JOIN seed_u u ON u.n = x.un) sh;
    `);
    },
    () => countOf(s, 'shares'),
  );

  // --- counters + hot score in one set-based UPDATE per table -------------------------------
  // hot_score uses the server's own expression (posts.hot.ts) over the new counter values.
  const dialect = new PgDialect();
  const hot = dialect.sqlToQuery(
    hotScoreExpr({
      likes: sql.raw('a.likes'),
      comments: sql.raw('a.comments'),
      shares: sql.raw('a.shares'),
      views: sql.raw('a.views'),
    }),
  );
  if (hot.params.length > 0) throw new Error('hot score expression unexpectedly has parameters');
  await stage('post counters + views + hot_score', async () => {
    await s.exec(`
      UPDATE posts SET likes_count = a.likes, comments_count = a.comments, shares_count = a.shares,
                       views_count = a.views, hot_score = ${hot.sql}
        FROM (SELECT sp.id, coalesce(l.n, 0) AS likes, coalesce(c.n, 0) AS comments, coalesce(sh.n, 0) AS shares,
                     (coalesce(l.n, 0) * (6 + floor(random() * 30)) + floor(random() * 250))::int AS views
                FROM seed_p sp
                LEFT JOIN (SELECT post_id, count(*)::int AS n FROM likes GROUP BY post_id) l ON l.post_id = sp.id
                LEFT JOIN (SELECT post_id, count(*)::int AS n FROM comments GROUP BY post_id) c ON c.post_id = sp.id
                LEFT JOIN (SELECT post_id, count(*)::int AS n FROM shares GROUP BY post_id) sh ON sh.post_id = sp.id) a
       WHERE posts.id = a.id;
    `);
  });
  await stage('user counters', async () => {
    await s.exec(`
      UPDATE users SET posts_count = a.posts, followers_count = a.followers, following_count = a.following
        FROM (SELECT su.id, coalesce(p.n, 0) AS posts, coalesce(fr.n, 0) AS followers, coalesce(fg.n, 0) AS following
                FROM seed_u su
                LEFT JOIN (SELECT author_id, count(*)::int AS n FROM posts GROUP BY author_id) p ON p.author_id = su.id
                LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) fr ON fr.followee_id = su.id
                LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) fg ON fg.follower_id = su.id) a
       WHERE users.id = a.id;
    `);
  });

  // The posts_tag_counts_* triggers are off during the load (replica role): count once from the rows.
  await stage('tag counts', async () => {
    await s.exec(`SELECT glimpse_tag_counts_rebuild()`);
    await s.exec(`ANALYZE tag_counts`);
  });

  if (droppedIndexes.length > 0) {
    await stage(
      'rebuild secondary indexes',
      async () => {
        for (const ix of droppedIndexes) await s.exec(ix.def);
      },
      () => droppedIndexes.length,
    );
  }
  if (replica) await s.exec(`SET session_replication_role = DEFAULT`);
  await stage('vacuum analyze', async () => {
    for (const table of SEED_TABLES) await s.exec(`VACUUM ANALYZE ${table}`);
  });

  const [stats] = await s.rows<Record<string, string | number>>(`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
           (SELECT count(*) FROM post_media) AS media, (SELECT count(*) FROM follows) AS follows,
           (SELECT count(*) FROM likes) AS likes, (SELECT count(*) FROM comments) AS comments,
           (SELECT count(*) FROM shares) AS shares,
           (SELECT max(followers_count) FROM users) AS max_followers,
           (SELECT max(likes_count) FROM posts) AS max_likes,
           (SELECT count(*) FROM posts WHERE privacy = 'public') AS public_posts,
           (SELECT count(DISTINCT city) FROM posts) AS cities`);
  const n = (k: string) => Number(stats?.[k] ?? 0);
  console.log(
    `\nDataset: ${n('users')} users, ${n('posts')} posts (${n('public_posts')} public, ${n('cities')} cities), ${n('media')} images, ` +
      `${n('follows')} follows (${(n('follows') / Math.max(1, n('users'))).toFixed(1)}/user, max followers ${n('max_followers')}), ` +
      `${n('likes')} likes (${(n('likes') / Math.max(1, n('posts'))).toFixed(1)}/post, max ${n('max_likes')}), ` +
      `${n('comments')} comments, ${n('shares')} shares.`,
  );
  console.log(`Password of every bench account (emails <first>.<last><n>@bench.glimpse.test): ${password}`);
  console.log(`Media in ${path.join(t.dataDir, 'media')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
