import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';

test('save a post into a new collection and find it on your profile', async ({ page, request }) => {
  const member = await createMember(request, 'cl');
  const post = await createPost(request, member, { title: `Market colours ${Date.now()}` });
  await signIn(page, member);

  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: 'Save to collection' }).click();
  const sheet = page.getByRole('dialog', { name: 'Save to collection' });
  await sheet.getByLabel('New collection').fill('Colours');
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Create and add' }).click();
  await expect(page.getByText('Saved to Colours')).toBeVisible();
  // A collected post is a saved one.
  await expect(page.getByRole('button', { name: 'Remove from saved' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(`/profile/${member.username}?tab=collections`);
  const tile = page.getByRole('link', { name: /Colours/ });
  await expect(tile).toContainText('1 post');
  await tile.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Colours' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Collection: Colours' })).toContainText(post.title);
  await expectAccessible(page);
});

test('save from a card’s ⋯ menu, then rename and delete the collection from its page', async ({
  page,
  request,
}) => {
  const author = await createMember(request, 'cla');
  const member = await createMember(request, 'clm');
  const post = await createPost(request, author, { title: `Forest path ${Date.now()}` });
  await signIn(page, member);

  await page.goto('/home');
  const card = page.locator('article[data-post-card]').filter({ hasText: post.title });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Save to collection' }).click();
  const sheet = page.getByRole('dialog', { name: 'Save to collection' });
  await sheet.getByLabel('New collection').fill('Walks');
  await sheet.getByRole('button', { name: 'Create and add' }).click();
  await expect(page.getByText('Saved to Walks')).toBeVisible();

  await page.goto(`/profile/${member.username}?tab=collections`);
  await page.getByRole('link', { name: /Walks/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walks' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Collection: Walks' })).toContainText(post.title);

  // Rename: a dialog with the title.
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename collection' });
  await expectAccessible(page);
  await rename.getByLabel('Title').fill('Long walks');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Collection renamed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Long walks' })).toBeVisible();

  // Delete: a confirmation, then the profile's Collections without it; the post stays saved.
  await page.getByRole('button', { name: 'Delete collection' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete collection' });
  await expect(confirm).toContainText('The posts in it stay saved.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByText('Collection deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=collections$/);
  await expect(page.getByText('No collections yet')).toBeVisible();
  const saved = await request.get('/api/users/me/saved', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(((await saved.json()) as { posts: Array<{ id: string }> }).posts.map((p) => p.id)).toContain(
    post.id,
  );
});
