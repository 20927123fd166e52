import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { openDatabase, splitUrlOptions } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('pooled connections', () => {
  it('run with JIT off, on every connection of the pool', async () => {
    // Several at once, so more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.database.pool.query<{ jit: string }>('show jit')),
    );
    for (const answer of answers) expect(answer.rows[0]?.jit).toBe('off');
  });
});

describe('a DATABASE_URL with ?options=', () => {
  it('keeps its own settings and JIT off', async () => {
    // The test database's address (embedded or external), as a URL with options.
    const o = t.database.pool.options;
    const url = new URL(o.connectionString ?? `postgres://${o.host}:${o.port}/${o.database}`);
    if (!o.connectionString) {
      url.username = o.user ?? '';
      if (typeof o.password === 'string') url.password = o.password;
    }
    url.searchParams.set('options', '-c statement_timeout=12345');
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const { rows } = await database.pool.query<{ jit: string; timeout: string }>(
        "select current_setting('jit') as jit, current_setting('statement_timeout') as timeout",
      );
      expect(rows[0]).toEqual({ jit: 'off', timeout: '12345ms' });
    } finally {
      await database.close();
    }
  });

  it('lets the URL override a default', () => {
    const { connectionString, urlOptions } = splitUrlOptions(
      'postgres://u:p%40ss@db.example:5433/app?sslmode=require&options=-c%20jit%3Don',
    );
    expect(urlOptions).toBe('-c jit=on');
    expect(connectionString).toBe('postgres://u:p%40ss@db.example:5433/app?sslmode=require');
    expect(splitUrlOptions('postgres://db/app')).toEqual({
      connectionString: 'postgres://db/app',
      urlOptions: undefined,
    });
  });
});
