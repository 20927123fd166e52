import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

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
