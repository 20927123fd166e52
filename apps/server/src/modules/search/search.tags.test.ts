import { eq, sql } from 'drizzle-orm';
import type { TagStat } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, posts, tagCounts, users } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { follow, insertPostRow } from '../posts/posts.fixtures.js';
import type { PostViewer } from '../posts/posts.visibility.js';
import { searchTags, searchTagsByScanQuery } from './search.tags.js';

/**
 * Tag search reads `tag_counts` (kept by triggers) and corrects it per viewer. Here every viewer
 * kind is compared with the reference that unnests the posts themselves, on a fixture that
 * exercises each visibility rule, before and after the writes the triggers must follow.
 */

let t: TestApp;
let author: SeededUser;
let follower: SeededUser;
let friend: SeededUser;
let stranger: SeededUser;
let suspended: SeededUser;
let blocker: SeededUser;
let moderator: SeededUser;
const ids: Record<string, string> = {};

const WINDOW = { limit: 50, offset: 0 };
const NEEDLES = ['sun', 'sunset', 'su', 'trav', 'x', 'hidden', 'moon'];

function asViewer(u: SeededUser, roles: Partial<PostViewer> = {}): PostViewer {
  return { id: u.id, isAdmin: false, isModerator: false, permissions: [], ...roles };
}

function viewers(): Array<[string, PostViewer | null]> {
  return [
    ['visitor', null],
    ['author', asViewer(author)],
    ['follower', asViewer(follower)],
    ['friend', asViewer(friend)],
    ['stranger', asViewer(stranger)],
    ['suspended member', asViewer(suspended)],
    ['blocker', asViewer(blocker)],
    ['moderator', asViewer(moderator, { isModerator: true })],
  ];
}

async function expectSameAsScan(): Promise<void> {
  for (const [name, viewer] of viewers()) {
    for (const needle of NEEDLES) {
      const counted = await searchTags(t.database.db, needle, viewer, WINDOW);
      const scanned: TagStat[] = await searchTagsByScanQuery(t.database.db, needle, viewer, WINDOW);
      expect(counted, `${name} searching "${needle}"`).toEqual(scanned);
    }
  }
}

async function countOf(tag: string): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(tagCounts).where(eq(tagCounts.tag, tag));
  return row?.count;
}

beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t, { username: 'tagauthor' });
  follower = await seedUser(t, { username: 'tagfollower' });
  friend = await seedUser(t, { username: 'tagfriend' });
  stranger = await seedUser(t, { username: 'tagstranger' });
  suspended = await seedUser(t, { username: 'tagsuspended', suspendedAt: new Date() });
  blocker = await seedUser(t, { username: 'tagblocker' });
  moderator = await seedUser(t, { username: 'tagmoderator', isModerator: true });
  await follow(t, follower, author);
  await follow(t, friend, author);
  await follow(t, author, friend);
  await t.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: author.id });

  const post = (key: string, by: SeededUser, values: Partial<typeof posts.$inferInsert>) =>
    insertPostRow(t, by, values).then((id) => {
      ids[key] = id;
    });
  await post('public', author, { tags: ['Sunset', 'travel'] });
  await post('public2', author, { tags: ['sunset'] });
  await post('followers', author, { tags: ['sunset', 'hidden'], privacy: 'followers' });
  await post('friends', author, { tags: ['Sunrise'], privacy: 'friends' });
  await post('private', author, { tags: ['sunset', 'hiddenmore'], privacy: 'private' });
  await post('removed', author, { tags: ['sunset'], removedAt: new Date() });
  await post('strangers', stranger, { tags: ['SUNSET', 'Travel'] });
  await post('strangers2', stranger, { tags: ['sunny'] });
  await post('suspended', suspended, { tags: ['sunset', 'suspendedtag'] });
  await post('suspendedPrivate', suspended, { tags: ['sunset'], privacy: 'private' });
  await post('blockers', blocker, { tags: ['sunset', 'travel'] });
  await post('moderators', moderator, { tags: ['moon'], privacy: 'followers' });
});
afterAll(async () => {
  await t.close();
});

describe('tag search from tag_counts', () => {
  it('counts public, not removed posts per spelling', async () => {
    // public2, suspended, blockers; not followers/private/removed. "Sunset", "SUNSET": own rows.
    expect(await countOf('sunset')).toBe(3);
    expect(await countOf('Sunset')).toBe(1);
    expect(await countOf('SUNSET')).toBe(1);
    expect(await countOf('hidden')).toBeUndefined();
  });

  it('answers every viewer exactly as counting the visible posts does', async () => {
    await expectSameAsScan();
    // And what that means, for two viewers: the visitor sees no suspended member's post.
    expect(await searchTags(t.database.db, 'sunset', null, WINDOW)).toEqual([{ tag: 'sunset', count: 4 }]);
    expect(await searchTags(t.database.db, 'sunset', asViewer(friend), WINDOW)).toEqual([
      { tag: 'sunset', count: 5 },
    ]);
  });

  it('follows edits of tags, privacy and removal, deletions, and suspensions', async () => {
    const db = t.database.db;
    await db
      .update(posts)
      .set({ tags: ['moonrise', 'sunset'] })
      .where(eq(posts.id, ids.public2!));
    await db.update(posts).set({ privacy: 'public' }).where(eq(posts.id, ids.followers!));
    await db.update(posts).set({ privacy: 'private' }).where(eq(posts.id, ids.strangers!));
    await db.update(posts).set({ removedAt: new Date() }).where(eq(posts.id, ids.blockers!));
    await db.update(posts).set({ removedAt: null }).where(eq(posts.id, ids.removed!));
    await db.update(posts).set({ likesCount: 3 }).where(eq(posts.id, ids.public!));
    await db.delete(posts).where(eq(posts.id, ids.strangers2!));
    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.id));
    await db
      .update(users)
      .set({ suspendedAt: new Date(Date.now() - 60_000), suspendedUntil: new Date(Date.now() - 1_000) })
      .where(eq(users.id, stranger.id));
    expect(await countOf('moonrise')).toBe(1);
    expect(await countOf('sunny')).toBe(0);
    expect(await countOf('hidden')).toBe(1);
    await expectSameAsScan();
  });

  it('follows a member deleted with their posts', async () => {
    await t.database.db.delete(users).where(eq(users.id, suspended.id));
    expect(await countOf('suspendedtag')).toBe(0);
    await expectSameAsScan();
  });

  it('pages through tags in count order', async () => {
    const pagedTags = [
      ['paged1', 'Paged2'],
      ['paged1', 'Paged2'],
      ['paged1', 'paged2'],
      ['paged1', 'paged3'],
    ];
    for (const tags of pagedTags) {
      await insertPostRow(t, author, { tags });
    }
    const all = await searchTags(t.database.db, 'paged', null, WINDOW);
    expect(all).toEqual([
      { tag: 'paged1', count: 4 },
      { tag: 'Paged2', count: 3 },
      { tag: 'paged3', count: 1 },
    ]);
    const first = await searchTags(t.database.db, 'paged', null, { limit: 1, offset: 0 });
    const second = await searchTags(t.database.db, 'paged', null, { limit: 1, offset: 1 });
    expect(first).toEqual(all.slice(0, 2));
    expect(second).toEqual(all.slice(1, 3));
  });

  it('rebuilds the same counts from the posts', async () => {
    const before = await t.database.db.select().from(tagCounts).orderBy(tagCounts.tag);
    await t.database.db.execute(sql`select glimpse_tag_counts_rebuild()`);
    const after = await t.database.db.select().from(tagCounts).orderBy(tagCounts.tag);
    // The rebuild keeps no zero rows; the triggers may.
    expect(after).toEqual(before.filter((r) => r.count !== 0));
  });
});
