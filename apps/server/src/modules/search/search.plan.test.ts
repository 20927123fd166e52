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
async function plan(query: SQLWrapper, how = sql`explain`): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.25`);
    const result = await tx.execute(sql`${how} ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  });
}

describe('search queries are index-backed', () => {
  it('finds posts in two index-backed tiers (title/tags, then the rest), prefix alternative included', async () => {
    const db = t.database.db;
    const text = await plan(searchPostsQuery(db, 'sunri', null, { limit: 10, offset: 0 }));
    // Each tier: the newest posts in date order (posts_created_idx), or its word index when they
    // hold too few matches; cut to its newest candidates before anything is ranked or joined.
    expect(text).toContain('posts_created_idx');
    expect(text).toContain('posts_search_title_tags_idx');
    expect(text).toContain('posts_search_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('reads the body tier only when the title/tag hits cannot fill the page and the row after it', async () => {
    const db = t.database.db;
    const ran = (text: string) => {
      const bodyIndex = text.split('\n').find((line) => / on posts_search_idx/.test(line));
      expect(bodyIndex).toBeDefined();
      return !bodyIndex!.includes('never executed');
    };
    const analyze = sql`explain (analyze, costs off, timing off)`;
    // Five posts carry "Sunrise" in their title: rows 1-5 are all title hits, the sixth is not.
    expect(ran(await plan(searchPostsQuery(db, 'sunrise', null, { limit: 2, offset: 0 }), analyze))).toBe(
      false,
    );
    expect(ran(await plan(searchPostsQuery(db, 'sunrise', null, { limit: 2, offset: 2 }), analyze))).toBe(
      false,
    );
    expect(ran(await plan(searchPostsQuery(db, 'sunrise', null, { limit: 2, offset: 3 }), analyze))).toBe(
      true,
    );
    expect(ran(await plan(searchPostsQuery(db, 'sunrise', null, { limit: 10, offset: 0 }), analyze))).toBe(
      true,
    );
  });

  it('finds people through the trigram indexes on lower(username) and lower(display_name)', async () => {
    const text = await plan(searchUsersQuery(t.database.db, 'avva', { limit: 10, offset: 0 }, null, 'typo'));
    expect(text).toContain('users_username_trgm_idx');
    expect(text).toContain('users_display_name_trgm_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('reads the word-start tier of people search from the trigram indexes, with LIKE and no likeness threshold', async () => {
    const text = await plan(searchUsersQuery(t.database.db, 'chen', { limit: 10, offset: 0 }, null, 'word'));
    expect(text).toContain('users_username_trgm_idx');
    expect(text).toContain('users_display_name_trgm_idx');
    expect(text).toContain("~~ '% chen%'");
    expect(text).not.toMatch(/Seq Scan/);
    // Likeness (`%`, `%>`) is for the typo tier only; here it only orders the few rows found.
    expect(text).not.toMatch(/ %>? '/);
  });

  it('reads the prefix tier of people search as btree ranges on lower(username) and lower(display_name)', async () => {
    const text = await plan(searchUsersQuery(t.database.db, 'pla', { limit: 10, offset: 0 }, null, 'prefix'));
    expect(text).toContain('users_username_prefix_idx');
    expect(text).toContain('users_display_name_prefix_idx');
    expect(text).not.toMatch(/Seq Scan|trgm/);
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
