import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { createMember, createPost, signIn } from '../fixtures';

/**
 * Accounts you cannot lose (issue 33), through the browser: a forgotten password reset through the
 * mailed link, two-factor sign-in with a code this test computes, and a private account's follow
 * request accepted.
 */

const SMTP_PORT = Number(process.env.E2E_PORT ?? 4173) + 1;

/** A real SMTP server on the port the e2e server mails to (playwright.config.ts), holding what arrives. */
async function startInbox() {
  const mails: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'glimpse' && auth.password === 'smtp-secret'
        ? callback(null, { user: 'glimpse' })
        : callback(new Error('Invalid username or password')),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  server.listen(SMTP_PORT, '127.0.0.1');
  await once(server.server, 'listening');
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The reset link in a mail (quoted-printable undone: long lines are soft-wrapped with `=`). */
function resetLinkIn(raw: string): string | null {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? null;
}

/** What an authenticator app shows for a 30 s step (RFC 6238 over RFC 4226, SHA-1, 6 digits). */
function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /^log in$/i }).click();
}

test('a forgotten password is reset through the link in the mail', async ({ page, request }) => {
  const inbox = await startInbox();
  try {
    const member = await createMember(request, 'forgot');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // React keeps the login form (its own Email field) until the next page's code has loaded.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();

    await expect.poll(() => inbox.mails.length, { timeout: 15_000 }).toBe(1);
    const link = resetLinkIn(inbox.mails[0]!);
    expect(link).not.toBeNull();
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();

    await logIn(page, member.email, 'brand-new-secret');
    await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
  } finally {
    await inbox.close();
  }
});

test('two-factor sign-in: turned on in Settings → Security, then a computed code signs in', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'twofa');
  await signIn(page, member);
  await page.goto('/settings?section=security');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add Glimpse to an authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent())!.trim();
  const step = Math.floor(Date.now() / 30_000);
  await page.getByLabel('Code from the app').fill(totp(secret, step));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The code that turned it on was used; the next step's is still within the window.
  await page.getByLabel('Code').fill(totp(secret, step + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
});

test("a private account's follow request is accepted, then its posts show", async ({ page, request }) => {
  const owner = await createMember(request, 'private');
  const fan = await createMember(request, 'fan');
  await createPost(request, owner, { title: 'For my followers' });
  const res = await request.put('/api/users/profile', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { isPrivate: true },
  });
  expect(res.status()).toBe(200);

  await signIn(page, fan);
  await page.goto(`/profile/${owner.username}`);
  await expect(page.getByText('This account is private')).toBeVisible();
  // The page is the server's visitor view until the app is live and has restored the session
  // (the member's navigation is in): a press before that lands on the visitor's button.
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Requested' })).toBeVisible();

  await signIn(page, owner);
  await page.goto('/settings?section=privacy');
  await page.getByRole('button', { name: `Accept ${fan.username}'s follow request` }).click();
  await expect(page.getByText('No one is waiting for an answer.')).toBeVisible();

  await signIn(page, fan);
  await page.goto(`/profile/${owner.username}`);
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'For my followers' })).toBeVisible();
});
