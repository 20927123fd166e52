import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MSG,
  SIGN_IN_CODE_MAX,
  type AuthResponse,
  type RecoveryCodes,
  type SelfUser,
  type TwoFactorSetup,
} from '@glimpse/shared';
import { base32Decode } from '../../lib/totp.js';
import { createTestApp, registerViaApi, testAddress, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What an authenticator app shows for a 30 s step: HOTP over the step, written here from RFC 4226. */
function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)!).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);

const post = (url: string, token: string | null, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: testAddress(),
  });
const login = (email: string, extra: { password?: string; code?: string } = {}) =>
  post('/api/auth/login', null, { email, password: extra.password ?? 'secret123', ...extra });

/** A member with two-factor on: the secret, the step its enabling code used, the recovery codes. */
async function memberWithTwoFactor() {
  const { user, token } = await registerViaApi(t.app);
  const setup = await post('/api/auth/2fa/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<TwoFactorSetup>();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const step = stepNow();
  const enabled = await post('/api/auth/2fa/enable', token, { code: codeAt(secret, step) });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json<RecoveryCodes>();
  return { user, token, secret, step, recoveryCodes };
}

describe('turning two-factor sign-in on', () => {
  it('needs a code from the new secret; hands out 10 distinct single-use recovery codes once', async () => {
    const { user, token } = await registerViaApi(t.app);
    const { secret } = (await post('/api/auth/2fa/setup', token)).json<TwoFactorSetup>();
    const wrong = await post('/api/auth/2fa/enable', token, { code: codeAt(secret, stepNow() + 5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).json<SelfUser>().security).toEqual({ twoFactorEnabled: false });

    const ok = await post('/api/auth/2fa/enable', token, { code: codeAt(secret, stepNow()) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await me()).json<SelfUser>().security).toEqual({ twoFactorEnabled: true });
    // Stored hashed: no code appears in the database as it was handed out.
    const stored = JSON.stringify(
      await t.database.pool.query('select code_hash from recovery_codes where user_id = $1', [user.id]),
    );
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    // A second setup while it is on is refused.
    expect((await post('/api/auth/2fa/setup', token)).statusCode).toBe(409);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code, refuses a wrong one, accepts a computed one once (no replay)', async () => {
    const { user, secret, step } = await memberWithTwoFactor();
    const asked = await login(user.email);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the 6-digit code from your authenticator app',
    });
    const wrongPassword = await login(user.email, { password: 'nope-nope', code: codeAt(secret, step + 1) });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');

    const wrong = await login(user.email, { code: codeAt(secret, step + 4) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    // The code that turned it on was used: it does not sign in.
    expect((await login(user.email, { code: codeAt(secret, step) })).json().code).toBe(
      'INVALID_TWO_FACTOR_CODE',
    );

    const next = codeAt(secret, step + 1);
    const ok = await login(user.email, { code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AuthResponse>().user.id).toBe(user.id);
    const replay = await login(user.email, { code: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const { user, secret, step } = await memberWithTwoFactor();
    const code = codeAt(secret, step + 1);
    const answers = await Promise.all([login(user.email, { code }), login(user.email, { code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, typed in any case and with or without its dash', async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(user.email, { code: first })).statusCode).toBe(200);
    expect((await login(user.email, { code: first })).json().code).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await login(user.email, { code: second.replace('-', '').toLowerCase() })).statusCode).toBe(200);
  });

  it(`answers 429 after ${SIGN_IN_CODE_MAX} wrong codes for the account, whatever the address`, async () => {
    const { user, secret, step } = await memberWithTwoFactor();
    for (let i = 0; i < SIGN_IN_CODE_MAX; i++) {
      const wrong = await login(user.email, {
        code: String((Number(codeAt(secret, step + 1)) + 1) % 1e6).padStart(6, '0'),
      });
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await login(user.email, { code: codeAt(secret, step + 1) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a current code', async () => {
    const { user, token, secret, step } = await memberWithTwoFactor();
    const code = codeAt(secret, step + 1);
    const wrongPassword = await post('/api/auth/2fa/disable', token, { password: 'nope-nope', code });
    expect(wrongPassword.statusCode).toBe(400);
    const noCode = await post('/api/auth/2fa/disable', token, { password: 'secret123', code: '' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(ACCOUNT_MSG.codeRequired);
    const off = await post('/api/auth/2fa/disable', token, { password: 'secret123', code });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: ACCOUNT_MSG.twoFactorDisabled });
    expect((await login(user.email)).statusCode).toBe(200);
    expect(
      (await t.database.pool.query('select 1 from recovery_codes where user_id = $1', [user.id])).rowCount,
    ).toBe(0);
  });
});
