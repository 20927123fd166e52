import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Accounts of another ActivityPub server, as federation leaves them in the database (issue 32):
 * a `users` row whose username is `user@host` (no password, an `.invalid` email, `domain` set)
 * and its `remote_actors` row. The e2e server runs without FEDERATION (it needs a public https
 * origin), so nothing fetches them: these rows are written straight into the run's embedded
 * PostgreSQL (`<DATA_DIR>/pg`: its port in postmaster.pid, its password beside it), the way the
 * inbox would have written them. What the pages do with them is the same either way.
 */

function connection(): pg.ClientConfig {
  const dataDir = process.env.GLIMPSE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('GLIMPSE_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const dir = path.join(dataDir, 'pg');
  // postmaster.pid: pid, data dir, start time, port, ...
  const port = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dir, 'password'), 'utf8').trim();
  return { host: '127.0.0.1', port, user: 'glimpse', password, database: 'glimpse' };
}

/** Runs `fn` with a client of the e2e server's own database. */
export async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connection());
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** An id as the server makes them: 24 hex digits, time first. */
function newId(): string {
  const ms = Date.now();
  return (
    Math.floor(ms / 1000)
      .toString(16)
      .padStart(8, '0') +
    (ms % 1000).toString(16).padStart(3, '0') +
    randomBytes(7).toString('hex').slice(0, 13)
  );
}

export interface RemoteAccount {
  id: string;
  /** `name@host`, as stored and as the profile path takes it. */
  username: string;
  host: string;
  displayName: string;
  profileUrl: string;
}

/** A remote account `name@host` known here (as search or an incoming activity leaves it). */
export async function seedRemoteAccount(opts: {
  name: string;
  host: string;
  displayName: string;
  bio?: string;
}): Promise<RemoteAccount> {
  const id = newId();
  const username = `${opts.name}@${opts.host}`;
  const actor = `https://${opts.host}/users/${opts.name}`;
  const profileUrl = `https://${opts.host}/${opts.name}`;
  await withDatabase(async (db) => {
    await db.query('begin');
    await db.query(
      `insert into users (id, username, email, password_hash, display_name, bio, domain)
       values ($1, $2, $3, '', $4, $5, $6)`,
      [id, username, `${id}@remote.invalid`, opts.displayName, opts.bio ?? '', opts.host],
    );
    await db.query(
      `insert into remote_actors (user_id, uri, inbox_uri, profile_url) values ($1, $2, $3, $4)`,
      [id, actor, `${actor}/inbox`, profileUrl],
    );
    await db.query('commit');
  });
  return { id, username, host: opts.host, displayName: opts.displayName, profileUrl };
}

/**
 * Makes a post (made through the API by a local helper, so it has real processed photos) the
 * remote account's, as an incoming Create(Note) would have stored it: author, uploads, counters
 * and its `remote_posts` row. Call it before anything reads feeds (they keep posts for a moment).
 */
export async function giveToRemote(postId: string, account: RemoteAccount): Promise<void> {
  await withDatabase(async (db) => {
    await db.query('begin');
    const { rows } = await db.query<{ author_id: string }>(
      'select author_id from posts where id = $1 for update',
      [postId],
    );
    const localAuthor = rows[0]!.author_id;
    await db.query('update posts set author_id = $1 where id = $2', [account.id, postId]);
    await db.query('update media_uploads set owner_id = $1 where post_id = $2', [account.id, postId]);
    await db.query('update users set posts_count = posts_count - 1 where id = $1', [localAuthor]);
    await db.query('update users set posts_count = posts_count + 1 where id = $1', [account.id]);
    await db.query('insert into remote_posts (post_id, uri) values ($1, $2)', [
      postId,
      `https://${account.host}/p/${account.username.split('@')[0]}/${postId}`,
    ]);
    await db.query('commit');
  });
}

/** Makes a comment (made through the API by a local helper) a reply from the remote account. */
export async function giveCommentToRemote(commentId: string, account: RemoteAccount): Promise<void> {
  await withDatabase((db) =>
    db.query('update comments set user_id = $1 where id = $2', [account.id, commentId]),
  );
}

/** A follow of the remote account waiting for its server's Accept (what POST .../follow leaves). */
export async function seedPendingFollow(requesterId: string, account: RemoteAccount): Promise<void> {
  await withDatabase((db) =>
    db.query('insert into follow_requests (requester_id, target_id) values ($1, $2)', [
      requesterId,
      account.id,
    ]),
  );
}

/** A follow of the remote account its server has accepted (counters moved as toggleFollow does). */
export async function seedAcceptedFollow(followerId: string, account: RemoteAccount): Promise<void> {
  await withDatabase(async (db) => {
    await db.query('begin');
    await db.query('insert into follows (follower_id, followee_id) values ($1, $2)', [
      followerId,
      account.id,
    ]);
    await db.query('update users set following_count = following_count + 1 where id = $1', [followerId]);
    await db.query('update users set followers_count = followers_count + 1 where id = $1', [account.id]);
    await db.query('commit');
  });
}
