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
