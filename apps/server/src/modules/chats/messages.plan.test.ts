import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { countBadgesQuery } from '../notifications/notifications.repo.js';
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

  it('counts both badges through the recipient indexes', async () => {
    const query: SQLWrapper = countBadgesQuery(t.database.db, {
      id: ben.id,
      isAdmin: false,
      isModerator: false,
      permissions: [],
    });
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/notifications_recipient(_unread)?_idx/);
    expect(plan).toContain('chat_members_user_idx');
  });
});
