import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { insertPostRow } from '../posts/posts.fixtures.js';
import { searchPostsQuery, searchUsersQuery } from './search.repo.js';
import { searchTagsQuery } from './search.tags.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const author = await seedUser(t, { username: 'planner', displayName: 'Plan Author' });
  for (let i = 0; i < 5; i++) await insertPostRow(t, author, { title: `Sunrise ${i}`, tags: ['sunrise'] });
});
afterAll(async () => {
  await t.close();
});

/**
 * EXPLAIN inside a transaction that forbids sequential scans: test tables are tiny, so a scan would
 * otherwise win on cost. Forbidding it only penalises that plan; without a usable index the
 * planner still falls back to a scan, and the assertions below fail.
 */
async function plan(query: SQLWrapper): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.25`);
    const result = await tx.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  });
}

describe('search queries are index-backed', () => {
  it('finds posts through the GIN index on search_vector, prefix alternative included', async () => {
    const db = t.database.db;
    const text = await plan(searchPostsQuery(db, 'sunri', null, { limit: 10, offset: 0 }));
    expect(text).toContain('posts_search_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('finds people through the trigram indexes on lower(username) and lower(display_name)', async () => {
    const text = await plan(searchUsersQuery(t.database.db, 'avva', { limit: 10, offset: 0 }));
    expect(text).toContain('users_username_trgm_idx');
    expect(text).toContain('users_display_name_trgm_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('counts tags from tag_counts by prefix, correcting from the posts of a few authors only', async () => {
    const win = { limit: 10, offset: 0 };
    const viewer = { id: 'a'.repeat(24), isAdmin: false, isModerator: false, permissions: [] };
    for (const who of [null, viewer]) {
      const text = await plan(searchTagsQuery('sunr', who, win));
      expect(text).toContain('tag_counts_prefix_idx');
      expect(text).toContain('posts_author_created_idx');
      expect(text).not.toMatch(/Seq Scan/);
    }
  });
});
