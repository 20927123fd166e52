import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { MEMBERS_FOR_POSTS, readNameTiers, searchUsers, searchUsersQuery } from './search.repo.js';

/**
 * People search reads its prefix tier first and the typo tier only when the page needs it. Every
 * page must hold exactly the rows of the single query that ranks all matches together.
 */

let t: TestApp;

const NAMES: Array<[string, string, number]> = [
  ['mara', 'Mara Lind', 3],
  ['mara_k', 'Someone Else', 40],
  ['marco_rossi', 'Marco Rossi', 12],
  ['marty', 'Marty Chen', 0],
  ['omar', 'Omar Mar', 7],
  ['amar', 'Amara Chen', 1],
  ['maria', 'Maria Chen', 9],
  ['mra_typo', 'Mra Typo', 2],
  ['chen_li', 'Li Chen', 5],
  ['xiao', 'Mar Xiao', 4],
  ['ch3n', 'Chn Wu', 6],
  ['kim.chen', 'Kim Park', 0],
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [username, displayName, followersCount] of NAMES) {
    await seedUser(t, { username, displayName, followersCount });
  }
});
afterAll(async () => {
  await t.close();
});

async function reference(text: string, offset: number, limit: number) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.25`);
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.5`);
    return searchUsersQuery(tx, text, { offset, limit }, null, 'all');
  });
}

describe('people search in tiers', () => {
  it('pages exactly like ranking every match at once', async () => {
    for (const text of ['mar', 'mara', 'chen', 'chn', 'ma', 'li', 'zzz', 'kim', 'park']) {
      for (const [offset, limit] of [
        [0, 10],
        [0, 2],
        [2, 2],
        [3, 3],
        [6, 2],
        [9, 4],
      ] as const) {
        const tiered = await searchUsers(t.database.db, text, { offset, limit }, null);
        const all = await reference(text, offset, limit);
        expect(
          tiered.map((u) => u.username),
          `"${text}" offset ${offset} limit ${limit}`,
        ).toEqual(all.map((u) => u.username));
        // type=users hands the name tiers it read for the posts (complete, or cut at 3 here).
        for (const cut of [MEMBERS_FOR_POSTS, 3]) {
          const names = await readNameTiers(t.database.db, text, cut, null);
          const reused = await searchUsers(t.database.db, text, { offset, limit }, null, names);
          expect(
            reused.map((u) => u.username),
            `"${text}" offset ${offset} limit ${limit}, name tiers of ${cut}`,
          ).toEqual(all.map((u) => u.username));
        }
      }
    }
  });

  it('puts prefix matches before typos, the exact username first', async () => {
    const mara = await searchUsers(t.database.db, 'mara', { offset: 0, limit: 10 }, null);
    expect(mara[0]?.username).toBe('mara');
    const chen = (await searchUsers(t.database.db, 'chen', { offset: 0, limit: 10 }, null)).map(
      (u) => u.username,
    );
    expect(chen[0]).toBe('chen_li');
    expect(chen.slice(1)).toEqual(expect.arrayContaining(['maria', 'marty', 'amar']));
  });

  it('puts a later word of the display name, or a part of the username after _ or ., between prefixes and typos', async () => {
    const chen = (await searchUsers(t.database.db, 'chen', { offset: 0, limit: 20 }, null)).map(
      (u) => u.username,
    );
    const wordStarts = ['marty', 'amar', 'maria', 'kim.chen'];
    expect(chen[0]).toBe('chen_li');
    expect(new Set(chen.slice(1, 1 + wordStarts.length))).toEqual(new Set(wordStarts));
    // A typo ("Chn Wu" for "chen") still comes, after them.
    expect(chen.indexOf('ch3n')).toBeGreaterThan(wordStarts.length);
    const li = (await searchUsers(t.database.db, 'li', { offset: 0, limit: 20 }, null)).map(
      (u) => u.username,
    );
    expect(li.slice(0, 2)).toEqual(['chen_li', 'mara']); // "Li Chen" by prefix, then "Mara Lind" by word
  });
});
