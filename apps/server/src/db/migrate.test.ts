import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.js';

describe('migrateDatabase', () => {
  it('lets several nodes start together on an empty database: one migrates, the others wait and find it done', async () => {
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    const name = `glimpse_t_${process.ppid}_${process.pid}_migrate_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${name}`;
    const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      await Promise.all(nodes.map((db) => migrateDatabase(db)));
      const { rows } = await nodes[0]!.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })) as {
        default: { entries: unknown[] };
      };
      expect(rows[0]!.n).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(nodes.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
