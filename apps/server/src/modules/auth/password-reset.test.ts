import { execFile } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MAIL_MSG, PASSWORD_RESET_PER_ACCOUNT, type PublicConfig } from '@glimpse/shared';
import { sha256Hex } from '../../lib/totp.js';
import { createTestApp, registerViaApi, testAddress, type TestApp } from '../../test/harness.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Glimpse <no-reply@glimpse.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const requestReset = (app: TestApp, email: string, ip = testAddress()) =>
  app.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
    remoteAddress: testAddress(),
  });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: testAddress(),
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

/** The link in a reset mail, and its token. */
function linkIn(text: string): { link: string; token: string } {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

describe('password reset by email', () => {
  it('mails a link to a real SMTP server; the link sets a new password once and ends every session', async () => {
    const { user, token: before } = await registerViaApi(t.app, { password: 'old-secret' });
    const res = await requestReset(t, user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.resetRequested });

    const mail = await smtp.nextMail(user.email);
    expect(mail.from).toBe('no-reply@glimpse.test');
    expect(mail.subject).toBe(MAIL_MSG.resetSubject);
    const { link, token } = linkIn(mail.text);
    expect(link.startsWith('http://glimpse.test/reset-password?token=')).toBe(true);
    // Only its hash is kept.
    const stored = await t.database.pool.query<{ token_hash: string; expires_at: Date }>(
      'select token_hash, expires_at from password_resets where user_id = $1',
      [user.id],
    );
    expect(stored.rows).toEqual([{ token_hash: sha256Hex(token), expires_at: expect.any(Date) }]);
    const lifetime = stored.rows[0]!.expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    const done = await confirm(token, 'brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MSG.resetDone });
    expect((await me(before)).statusCode).toBe(401);
    expect((await login(user.email, 'old-secret')).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-secret')).statusCode).toBe(200);

    const again = await confirm(token, 'another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This reset link is invalid or has expired',
      code: 'VALIDATION',
    });
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const { user } = await registerViaApi(t.app);
    const unknown = await requestReset(t, 'nobody-here@gmail.com');
    const known = await requestReset(t, user.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await smtp.nextMail(user.email);
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@gmail.com'))).toBe(false);
  });

  it('refuses forged and expired links with one message', async () => {
    const { user } = await registerViaApi(t.app);
    await requestReset(t, user.email);
    const { token } = linkIn((await smtp.nextMail(user.email)).text);
    const forged = await confirm(`${token.slice(0, -2)}xx`, 'brand-new-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(ACCOUNT_MSG.resetInvalid);
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const expired = await confirm(token, 'brand-new-secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(ACCOUNT_MSG.resetInvalid);
    expect((await login(user.email, 'secret123')).statusCode).toBe(200);
  });

  it('uses a link once even when two confirmations race', async () => {
    const { user } = await registerViaApi(t.app);
    await requestReset(t, user.email);
    const { token } = linkIn((await smtp.nextMail(user.email)).text);
    const answers = await Promise.all([confirm(token, 'first-secret'), confirm(token, 'second-secret')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it(`limits requests per account (${PASSWORD_RESET_PER_ACCOUNT} an hour), known or not, from any address`, async () => {
    const { user } = await registerViaApi(t.app);
    for (const email of [user.email, 'nobody-limited@gmail.com']) {
      for (let i = 0; i < PASSWORD_RESET_PER_ACCOUNT; i++)
        expect((await requestReset(t, email)).statusCode).toBe(202);
      const limited = await requestReset(t, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
    }
  });

  it('limits requests per address', async () => {
    const ip = testAddress();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await requestReset(t, `someone${i}@gmail.com`, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('tells the web app that reset links go by mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json<PublicConfig>().passwordResetByEmail).toBe(true);
  });
});

describe('the answer never waits for the mail', () => {
  it('answers while the SMTP server has not even greeted', async () => {
    // A server that accepts connections and never says a word.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as net.AddressInfo;
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const { user } = await registerViaApi(app.app);
      const res = await requestReset(app, user.email);
      expect(res.statusCode).toBe(202);
      // The mail is on its way (connected) but nothing was sent: the answer did not wait for it.
      for (let i = 0; held.length === 0; i++) {
        if (i > 250) throw new Error('the mail was never attempted');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(held[0]!.destroyed).toBe(false);
    } finally {
      for (const socket of held) socket.destroy();
      await app.close();
      silent.close();
    }
  });
});

describe('without SMTP', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says so: 503 MAIL_UNAVAILABLE, and /api/config tells the forgot-password page', async () => {
    const res = await requestReset(bare, 'anyone@gmail.com');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.mailUnavailable, code: 'MAIL_UNAVAILABLE' });
    const config = await bare.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<PublicConfig>().passwordResetByEmail).toBe(false);
  });
});

describe('npm run admin -- reset-link <email>', () => {
  it('prints a one-time link that sets a new password (for servers without SMTP)', async () => {
    const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin-cli.ts');
    const run = (email: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'reset-link', email], {
        env: { ...process.env, DATABASE_URL: t.databaseUrl, PUBLIC_ORIGIN: 'https://glimpse.example' },
      });
    const { user } = await registerViaApi(t.app);
    const { stdout } = await run(user.email);
    const link = /https:\/\/glimpse\.example\/reset-password\?token=[\w-]+/.exec(stdout)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect((await confirm(token, 'cli-given-secret')).statusCode).toBe(200);
    expect((await confirm(token, 'cli-given-again')).statusCode).toBe(400);
    expect((await login(user.email, 'cli-given-secret')).statusCode).toBe(200);
  });
});
