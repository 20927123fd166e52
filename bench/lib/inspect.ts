import { randomBytes } from 'node:crypto';
import { databaseExists, describeTarget, openSession, type SqlSession, type Target } from './dataset.js';

export interface Member {
  id: string;
  username: string;
  email: string;
  /** A session opened for the bench (tokens name their session; tokenFor signs one for it). */
  sessionId: string;
}

/** Sessions the bench opens are marked so the next run removes them. */
const BENCH_DEVICE = 'glimpse bench';
const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Opens one session per member, as a sign-in would (the server accepts a token while its row exists). */
async function withSessions(s: SqlSession, members: Array<Omit<Member, 'sessionId'>>): Promise<Member[]> {
  if (members.length === 0) return [];
  const withIds = members.map((m) => ({ ...m, sessionId: randomBytes(12).toString('hex') }));
  await s.rows(
    `INSERT INTO sessions (id, user_id, device, ip_address, expires_at)
     SELECT unnest($1::varchar[]), unnest($2::varchar[]), $3, '127.0.0.1', now() + $4 * interval '1 millisecond'`,
    [withIds.map((m) => m.sessionId), withIds.map((m) => m.id), BENCH_DEVICE, SESSION_TTL_MS],
  );
  return withIds;
}

export interface DatasetInfo {
  users: number;
  posts: number;
  publicPosts: number;
  /** A typical signed-in viewer: follows about as many accounts as the median member. */
  viewer: Member | null;
  /** The `viewers` most typical members who follow someone (viewer first), when asked for. */
  viewers: Member[];
  /** How many accounts those viewers follow, `min–max`. */
  viewerFollowing: string;
  /** The first N members in id order (chat bench), when asked for. */
  members: Member[];
}

/**
 * Reads what a scenario needs from the dataset, then closes it (an embedded data dir can be
 * open in one process only, and the server child is about to open it).
 */
export async function inspectDataset(
  target: Target,
  opts: { members?: number; viewers?: number } = {},
): Promise<DatasetInfo | null> {
  if (!(await databaseExists(target))) return null;
  // Migrated first: the sessions table may be newer than the dataset.
  const s = await openSession(target, { migrate: true });
  try {
    await s.exec(`DELETE FROM sessions WHERE device = '${BENCH_DEVICE}'`);
    const [counts] = await s.rows<{ users: string; posts: string; public_posts: string }>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
              (SELECT count(*) FROM posts WHERE privacy = 'public') AS public_posts`,
    );
    // Members who follow people (a member who follows nobody exercises half of the privacy rule).
    const viewerRows = await s.rows<Omit<Member, 'sessionId'> & { following_count: number }>(
      `SELECT id, username, email, following_count FROM users
        WHERE following_count > 0 AND suspended_at IS NULL
        ORDER BY abs(following_count - (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY following_count) FROM users)), id
        LIMIT $1`,
      [Math.max(1, opts.viewers ?? 1)],
    );
    const viewers = viewerRows.map(({ id, username, email }) => ({ id, username, email }));
    const following = viewerRows.map((v) => v.following_count);
    const members = opts.members
      ? await s.rows<Omit<Member, 'sessionId'>>(
          `SELECT id, username, email FROM users ORDER BY id LIMIT $1`,
          [opts.members],
        )
      : [];
    const signedIn = await withSessions(s, viewers);
    const viewer = signedIn[0];
    return {
      users: Number(counts?.users ?? 0),
      posts: Number(counts?.posts ?? 0),
      publicPosts: Number(counts?.public_posts ?? 0),
      viewer: viewer ?? null,
      viewers: signedIn,
      viewerFollowing: following.length > 0 ? `${Math.min(...following)}–${Math.max(...following)}` : '-',
      members: await withSessions(s, members),
    };
  } finally {
    await s.close();
  }
}

export function notSeededMessage(target: Target): string {
  const how =
    target.mode === 'embedded'
      ? `npm run bench:seed -- --users 10000 --posts 100000 --data-dir ${target.dataDir}`
      : `npm run bench:seed -- --users 10000 --posts 100000 --mode postgres --db-name ${target.dbName}`;
  return `${describeTarget(target)} has no dataset: run \`${how}\` first`;
}
