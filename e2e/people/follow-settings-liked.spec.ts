import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, makePhoto, signIn } from '../fixtures';

test('A follows B from B’s profile, and B’s post shows in A’s Following feed', async ({ page, request }) => {
  const a = await createMember(request, 'fa');
  const b = await createMember(request, 'fb');
  const post = await createPost(request, b, { title: `Harbour dawn ${Date.now()}`, images: 1 });

  await signIn(page, a);
  await page.goto(`/profile/${b.username}`);
  await expect(page.getByRole('heading', { level: 1, name: b.username })).toBeVisible();
  const stats = page.getByRole('list', { name: 'Profile stats' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Followers' })).toHaveAttribute(
    'title',
    '0 Followers',
  );
  await expectAccessible(page);

  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Followers' })).toHaveAttribute(
    'title',
    '1 Followers',
  );

  // The count is the server's, not just the optimistic one.
  await page.reload();
  await expect(stats.getByRole('listitem').filter({ hasText: 'Followers' })).toHaveAttribute(
    'title',
    '1 Followers',
  );

  await page.goto('/home');
  await page.getByRole('button', { name: 'Following', exact: true }).first().click();
  await expect(page.getByText(post.title).first()).toBeVisible();
});

test('A edits display name, bio and avatar in Settings, changes the password, and the profile shows it', async ({
  page,
  request,
}) => {
  const a = await createMember(request, 'st');
  await signIn(page, a);
  await page.goto('/settings');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  await page.getByLabel('Display Name').fill('Sunny Traveller');
  await page.getByLabel('Bio').fill('Chasing light in small harbours.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePhoto(3, 400, 400) });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Profile and avatar updated successfully!')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.goto(`/profile/${a.username}`);
  await page.reload();
  await expect(page.getByText('Sunny Traveller')).toBeVisible();
  await expect(page.getByText('Chasing light in small harbours.')).toBeVisible();
  await expect(page.locator('header img[src*="/media/"]').first()).toBeVisible();

  // Password: the old one stops working, the new one works.
  await page.goto('/settings');
  await page.getByLabel('Current Password').fill(a.password);
  await page.getByLabel('New Password', { exact: true }).fill('brandnew99');
  await page.getByLabel('Confirm New Password').fill('brandnew99');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  const oldLogin = await request.post('/api/auth/login', { data: { email: a.email, password: a.password } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/auth/login', {
    data: { email: a.email, password: 'brandnew99' },
  });
  expect(newLogin.status()).toBe(200);
});

test('A likes a post, finds it in the Liked tab, and unliking removes it', async ({ page, request }) => {
  const a = await createMember(request, 'lk');
  const b = await createMember(request, 'lb');
  const post = await createPost(request, b, {
    title: `Lemon tart ${Date.now()}`,
    category: 'Food',
    images: 1,
  });
  const like = await request.post(`/api/posts/${post.id}/like`, {
    headers: { authorization: `Bearer ${a.token}` },
  });
  expect((await like.json()).liked).toBe(true);

  await signIn(page, a);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Liked' }).click();
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  await page.getByRole('button', { name: 'Unlike' }).first().click();
  await expect(page.getByRole('link', { name: post.title })).toHaveCount(0);
  await expect(page.getByText('No liked posts yet')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Liked' }).click();
  await expect(page.getByText('No liked posts yet')).toBeVisible();
});
