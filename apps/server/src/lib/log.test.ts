import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';
import { createLogger, formatLogLine } from './log.js';

describe('request logging', () => {
  it('writes one line per request, when it is answered, naming method, url, status and time', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const t = await createTestApp({}, { logger });
    try {
      lines.length = 0; // whatever start-up said
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/posts?limit=2' });
      await t.app.inject({ method: 'POST', url: '/api/users', payload: { email: 'nope' } });
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    } finally {
      await t.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => e.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/health 200 \d+(\.\d)? ms$/),
      expect.stringMatching(/^GET \/api\/posts\?limit=2 200 \d+(\.\d)? ms$/),
      expect.stringMatching(/^POST \/api\/users 400 \d+(\.\d)? ms$/),
      expect.stringMatching(/^GET \/api\/no-such-route 404 \d+(\.\d)? ms$/),
    ]);
    expect(entries[2]).toMatchObject({ level: 30, method: 'POST', url: '/api/users', statusCode: 400 });
    expect(typeof entries[2]!.responseTime).toBe('number');
  });

  it('prints a short line on a terminal, with the stack of an error', () => {
    const time = new Date(2026, 0, 2, 13, 5, 9).getTime();
    expect(
      formatLogLine(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'req-1',
          method: 'GET',
          url: '/',
          statusCode: 200,
          msg: 'GET / 200 1.5 ms',
        }),
      ),
    ).toBe('13:05:09 INFO  GET / 200 1.5 ms\n');
    expect(
      formatLogLine(
        JSON.stringify({
          level: 50,
          time,
          msg: 'unhandled error',
          err: { message: 'boom', stack: 'Error: boom\n    at x' },
        }),
      ),
    ).toBe('13:05:09 ERROR unhandled error\n    Error: boom\n        at x\n');
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'slow', ms: 900 }))).toBe(
      '13:05:09 WARN  slow ms=900\n',
    );
  });
});
