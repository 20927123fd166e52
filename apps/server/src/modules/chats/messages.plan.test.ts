import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { notifications } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import {
  badgeBatchQuery,
  countBadgesPrepared,
  countUnread,
  countUnreadMessages,
} from '../notifications/notifications.repo.js';
import { insertPostRow } from '../posts/posts.fixtures.js';
import { SEND_MESSAGE_SQL } from './messages.repo.js';

/**
 * The chat hot path stays on its indexes: the one-statement send and the badge count. Test tables
 * are tiny, so sequential scans are forbidden while planning (only penalised: without a usable
 * index the planner still scans, and the assertions fail). The send is planned as its named
 * prepared statement ends up running, a generic plan, so no parameter value can hide a scan.
 */
let t: TestApp;
let ana: SeededUser;
let ben: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await seedUser(t);
  ben = await seedUser(t);
});
afterAll(async () => {
  await t.close();
});

async function explainRows(
  run: (q: (text: string, values?: unknown[]) => Promise<unknown[]>) => Promise<unknown[]>,
) {
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    await client.query('set local plan_cache_mode = force_generic_plan');
    const rows = await run(async (text, values) => (await client.query(text, values)).rows);
    return rows.map((r) => Object.values(r as Record<string, string>)[0]).join('\n');
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

describe('chat statements are index-backed', () => {
  it('sends through primary keys and the block indexes, without scanning a table', async () => {
    const plan = await explainRows(async (q) => {
      await q(`prepare plan_send (varchar, varchar, varchar, text, timestamptz) as ${SEND_MESSAGE_SQL}`);
      return q(
        `explain execute plan_send ('${'c'.repeat(24)}', '${ana.id}', '${'m'.repeat(24)}', 'hi', now())`,
      );
    });
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toContain('chats_pkey'); // the chat, and its update
    expect(plan).toContain('chat_members_pk'); // membership, reach, unread counts
    expect(plan).toContain('blocks_pk'); // sender blocked a member
    expect(plan).toContain('blocks_blocked_idx'); // a member blocked the sender
    expect(plan).toContain('users_pkey'); // suspension, recipients' roles, the sender
    expect(plan).toMatch(/Insert on messages/);
    expect(plan).toMatch(/Update on chats/);
    expect(plan).toMatch(/Update on chat_members/);
  });

  it.each([false, true])(
    "counts many members' badges in one statement through the recipient indexes (moderators: %s)",
    async (canModerate) => {
      const { sql: text } = new PgDialect().sqlToQuery(badgeBatchQuery(t.database.db, canModerate));
      const plan = await explainRows(async (q) => {
        // A prepared statement outlives the rollback: one name per kind.
        const name = `plan_badges_${canModerate ? 'moderator' : 'member'}`;
        await q(`prepare ${name} as ${text}`);
        return q(`explain execute ${name} ('{${ana.id},${ben.id}}')`);
      });
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/notifications_recipient(_unread)?_idx/);
      expect(plan).toContain('chat_members_user_idx');
    },
  );
});

describe('countBadgesPrepared', () => {
  it('answers as the two separate counts, for a member and for a moderator (two statement shapes)', async () => {
    const author = await seedUser(t);
    const member = { id: ana.id, isAdmin: false, isModerator: false, permissions: [] };
    const moderator = { id: ben.id, isAdmin: false, isModerator: true, permissions: [] };
    // A followers-only post: the member (no follow) may not see it, the moderator may.
    const postId = await insertPostRow(t, author, { privacy: 'followers' });
    for (const recipientId of [ana.id, ben.id, ana.id]) {
      await t.database.db.insert(notifications).values({
        id: newId(),
        recipientId,
        actorId: author.id,
        actorIds: [author.id],
        type: recipientId === ana.id ? 'follow' : 'comment',
        postId: recipientId === ana.id ? null : postId,
      });
    }
    for (const viewer of [member, moderator, member, moderator]) {
      const expected = {
        notifications: await countUnread(t.database.db, viewer),
        messages: await countUnreadMessages(t.database.db, viewer.id),
      };
      expect(await countBadgesPrepared(t.database, viewer)).toEqual(expected);
    }
    expect(await countBadgesPrepared(t.database, member)).toEqual({ notifications: 2, messages: 0 });
    expect(await countBadgesPrepared(t.database, moderator)).toEqual({ notifications: 1, messages: 0 });
  });

  it('answers members asking at once from shared statements, each their own counts', async () => {
    const author = await seedUser(t);
    const members = await Promise.all(Array.from({ length: 5 }, () => seedUser(t)));
    const viewers = members.map((m, i) => ({
      id: m.id,
      isAdmin: false,
      isModerator: i === 0,
      permissions: [],
    }));
    // Different counts per member: member i has i unread notifications.
    for (const [i, m] of members.entries()) {
      for (let k = 0; k < i; k++) {
        await t.database.db.insert(notifications).values({
          id: newId(),
          recipientId: m.id,
          actorId: author.id,
          actorIds: [author.id],
          type: 'follow',
        });
      }
    }
    const expected = await Promise.all(
      viewers.map(async (v) => ({
        notifications: await countUnread(t.database.db, v),
        messages: await countUnreadMessages(t.database.db, v.id),
      })),
    );
    expect(expected.map((e) => e.notifications)).toEqual([0, 1, 2, 3, 4]);

    const spy = vi.spyOn(t.database.pool, 'query'); // calls through
    try {
      const asks = [...viewers, ...viewers, ...viewers, ...viewers];
      const answers = await Promise.all(asks.map((v) => countBadgesPrepared(t.database, v)));
      expect(answers).toEqual([...expected, ...expected, ...expected, ...expected]);
      // Two kinds (a moderator, members): one statement for each kind's first ask, then one for
      // everything that waited. One statement per ask would be 20.
      const names = spy.mock.calls.map(([config]) => (config as { name?: string }).name ?? '');
      expect(names.filter((n) => n.startsWith('badges_')).length).toBeLessThanOrEqual(4);
    } finally {
      spy.mockRestore();
    }
  });
});
