import { expect, test } from '@playwright/test';
import { expectAccessible } from '../fixtures';

test('register → success modal → login → signed-in nav → reload keeps the session → logout', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const username = `e2e_${tag}`;
  const email = `${username}@gmail.com`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  await page.goto('/register');
  await expectAccessible(page);
  // Field rules run before anything is sent.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const created = page.getByRole('dialog', { name: 'Account Created!' });
  await expect(created).toBeVisible();
  // Signing up signed in (SPEC §4): the button says what comes next, a skippable people step.
  await created.getByRole('button', { name: 'Find people to follow' }).click();
  await expect(page.getByRole('heading', { name: 'Find people to follow' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A wrong password shows the server's message.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: /^log in$/i }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome Back!' });
  await expect(welcome).toBeVisible();
  // It continues to /home by itself (no click needed; too soon for an axe run over it).
  await expect(page).toHaveURL(/\/home$/);
  await expect(welcome).toBeHidden();
  // Signed in, the login and sign-up pages have nothing to offer: straight to /home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/home$/);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Explore', 'Messages', 'Notifications', 'Profile']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await page.reload();
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();

  // Search from the navigation bar.
  await nav.getByPlaceholder('Search for ...').fill('sunset');
  await nav.getByPlaceholder('Search for ...').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=sunset$/);

  // Log out from Settings.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('an expired stored token is dropped at start', async ({ page }) => {
  await page.goto('/home');
  const expired = [
    'e30',
    Buffer.from(JSON.stringify({ userId: 'x', username: 'x', email: 'x', exp: 1 })).toString('base64url'),
    'sig',
  ].join('.');
  await page.evaluate((t) => localStorage.setItem('token', t), expired);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('unknown routes show a real not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});
