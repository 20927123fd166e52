import { expect, test } from '@playwright/test';
import { createMember, createPost } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('phone: a signed-out like goes to sign-in and comes back to the same post with the like done once', async ({
  page,
  request,
}) => {
  const author = await createMember(request, 'ra');
  const post = await createPost(request, author, { title: `Harbour lights ${Date.now()}`, images: 0 });
  const me = await createMember(request, 'rm');

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  // The server's HTML shows the button before the app is live (a press then does nothing).
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome Back!' });
  await welcome.getByRole('button', { name: 'Continue where you were' }).click();

  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  const unlike = page.getByRole('button', { name: 'Unlike' });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');

  // Done once: a reload neither repeats it (which would unlike) nor loses it.
  await page.reload();
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  const res = await request.get(`/api/posts/${post.id}`, {
    headers: { authorization: `Bearer ${me.token}` },
  });
  const body = (await res.json()) as { likesCount: number; isLikedByUser: boolean };
  expect(body).toMatchObject({ likesCount: 1, isLikedByUser: true });
});

test('phone: a signed-out save goes to sign-in and comes back with the post saved once', async ({
  page,
  request,
}) => {
  const author = await createMember(request, 'rs');
  const post = await createPost(request, author, { title: `Kept for later ${Date.now()}`, images: 0 });
  const me = await createMember(request, 'rt');

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  // The server's HTML shows the button before the app is live (a press then does nothing).
  await expect(page.locator('html[data-live]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await page
    .getByRole('dialog', { name: 'Welcome Back!' })
    .getByRole('button', { name: 'Continue where you were' })
    .click();

  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByRole('button', { name: 'Remove from saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The button shows the save as soon as it is sent: wait for the server to have it, once.
  const saved = async () =>
    (await (
      await request.get(`/api/posts/${post.id}`, { headers: { authorization: `Bearer ${me.token}` } })
    ).json()) as { savesCount: number; isSavedByUser: boolean };
  await expect.poll(saved).toMatchObject({ savesCount: 1, isSavedByUser: true });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await saved()).toMatchObject({ savesCount: 1, isSavedByUser: true });
});
