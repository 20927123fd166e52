import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MSG,
  MSG,
  SESSION_SEEN_WRITE_MS,
  type AuthResponse,
  type SessionList,
} from '@glimpse/shared';
import { describeDevice } from '../../lib/user-agent.js';
import { createTestApp, registerViaApi, testAddress, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const list = async (token: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) })
  ).json<SessionList>().sessions;

async function signIn(email: string, opts: { userAgent?: string; ip?: string } = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'secret123' },
    remoteAddress: opts.ip ?? testAddress(),
    headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuthResponse>().token;
}

describe('GET /api/auth/sessions', () => {
  it('lists every sign-in with its device, address and times, the caller first and marked current', async () => {
    const { user, token: registered } = await registerViaApi(t.app);
    const laptop = await signIn(user.email, { userAgent: CHROME_MAC, ip: '10.9.0.1' });
    await signIn(user.email, { userAgent: SAFARI_IPHONE, ip: '10.9.0.2' });

    const sessions = await list(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on macOS', ipAddress: '10.9.0.1', current: true });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain('Safari on iPhone');
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{24}$/);
      expect(s._id).toBe(s.id);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    // Another member sees only their own.
    const other = await registerViaApi(t.app);
    expect(await list(other.token)).toHaveLength(1);
    expect((await list(registered)).find((s) => s.current)?.device).toBe('Unknown device');
  });
});

describe('ending sessions', () => {
  it("DELETE /api/auth/sessions/{id} refuses that session's token at once and keeps the caller's", async () => {
    const { user, token: laptop } = await registerViaApi(t.app);
    const phone = await signIn(user.email);
    const phoneSession = (await list(laptop)).find((s) => !s.current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: bearer(laptop),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.sessionEnded });
    const refused = await me(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MSG.tokenExpired, code: 'TOKEN_EXPIRED' });
    expect((await me(laptop)).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });

  it("answers 404 for another member's session (no hint it exists) and 400 for a malformed id", async () => {
    const a = await registerViaApi(t.app);
    const b = await registerViaApi(t.app);
    const bSession = (await list(b.token))[0]!;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${bSession.id}`,
      headers: bearer(a.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: ACCOUNT_MSG.sessionNotFound, code: 'NOT_FOUND' });
    expect((await me(b.token)).statusCode).toBe(200);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/nope',
      headers: bearer(a.token),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(ACCOUNT_MSG.invalidSessionId);
  });

  it("revoke-others ends every session but the caller's", async () => {
    const { user, token: caller } = await registerViaApi(t.app);
    const others = [await signIn(user.email), await signIn(user.email)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: bearer(caller),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.otherSessionsEnded, ended: 2 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(caller)).statusCode).toBe(200);
    expect(await list(caller)).toHaveLength(1);
  });

  it('POST /api/auth/logout ends the current session only', async () => {
    const { user, token } = await registerViaApi(t.app);
    const other = await signIn(user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.loggedOut });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('lastSeenAt', () => {
  /** The session row's last_seen_at and its row version (xmin changes with every write). */
  async function rowOf(sessionId: string) {
    const result = (await t.database.db.execute(
      sql`select last_seen_at, xmin::text as version from sessions where id = ${sessionId}`,
    )) as unknown as { rows: Array<{ last_seen_at: string | Date; version: string }> };
    return result.rows[0]!;
  }

  it('is written at most once per interval, off the request path, never on every request', async () => {
    const { token } = await registerViaApi(t.app);
    const sessionId = (await list(token))[0]!.id;
    const fresh = await rowOf(sessionId);
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    // Seen within the interval: no write at all.
    expect((await rowOf(sessionId)).version).toBe(fresh.version);

    const longAgo = new Date(Date.now() - SESSION_SEEN_WRITE_MS - 60_000);
    await t.database.db.execute(sql`update sessions set last_seen_at = ${longAgo} where id = ${sessionId}`);
    const stale = await rowOf(sessionId);
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    // The write follows the answers (not awaited by them): wait for it.
    let after = await rowOf(sessionId);
    for (let i = 0; after.version === stale.version; i++) {
      if (i > 200) throw new Error('last_seen_at was never written');
      await new Promise((r) => setTimeout(r, 20));
      after = await rowOf(sessionId);
    }
    expect(new Date(after.last_seen_at).getTime()).toBeGreaterThan(longAgo.getTime() + 60_000);
    // Three requests, one write.
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    expect((await rowOf(sessionId)).version).toBe(after.version);
  });
});

describe('describeDevice', () => {
  it.each([
    [CHROME_MAC, 'Chrome on macOS'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    [undefined, 'Unknown device'],
    ['', 'Unknown device'],
  ])('%s → %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
