import { databaseExists, describeTarget, openSession, type Target } from './dataset.js';

export interface Member {
  id: string;
  username: string;
  email: string;
}

export interface DatasetInfo {
  users: number;
  posts: number;
  publicPosts: number;
  /** A typical signed-in viewer: follows about as many accounts as the median member. */
  viewer: Member | null;
  /** The `viewers` most typical members (viewer first), when asked for. */
  viewers: Member[];
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
  const s = await openSession(target);
  try {
    const [counts] = await s.rows<{ users: string; posts: string; public_posts: string }>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
              (SELECT count(*) FROM posts WHERE privacy = 'public') AS public_posts`,
    );
    const viewers = await s.rows<Member>(
      `SELECT id, username, email FROM users
        ORDER BY abs(following_count - (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY following_count) FROM users)), id
        LIMIT $1`,
      [Math.max(1, opts.viewers ?? 1)],
    );
    const viewer = viewers[0];
    const members = opts.members
      ? await s.rows<Member>(`SELECT id, username, email FROM users ORDER BY id LIMIT $1`, [opts.members])
      : [];
    return {
      users: Number(counts?.users ?? 0),
      posts: Number(counts?.posts ?? 0),
      publicPosts: Number(counts?.public_posts ?? 0),
      viewer: viewer ?? null,
      viewers,
      members,
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
