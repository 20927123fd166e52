import { expect, test } from '@playwright/test';
import { createMember, expectAccessible, signIn } from '../fixtures';

test('tag a member in a new post: they are told, see it on their Tagged tab and may take their name off', async ({
  page,
  request,
}) => {
  const ava = await createMember(request, 'tga');
  const ben = await createMember(request, 'tgb');
  const title = `Picnic by the lake ${Date.now()}`;
  await signIn(page, ava);

  // "Tag people" in the create form: search, pick with the keyboard, a chip with its remove button.
  await page.goto('/create-post');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Sandwiches, a blanket and the whole afternoon.');
  await page.getByLabel('Category').selectOption('Lifestyle');
  const tagField = page.getByRole('combobox', { name: 'Tag people' });
  await tagField.fill(ben.username);
  await expect(page.getByRole('option', { name: new RegExp(ben.username) })).toBeVisible();
  await expectAccessible(page);
  await tagField.press('Enter');
  const chosen = page.getByRole('list', { name: 'Tagged people' });
  await expect(chosen).toContainText(ben.username);
  await expect(chosen.getByRole('button', { name: `Remove ${ben.username}` })).toBeVisible();
  await expect(tagField).toHaveValue('');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });

  // Ben: the notification, then the post on his Tagged tab, with his name on it.
  await signIn(page, ben);
  await page.goto('/notification');
  const item = page.getByRole('article').filter({ hasText: 'tagged you in a post' });
  await expect(item).toContainText(ava.username);
  await expect(item).toContainText(title);

  await page.goto(`/profile/${ben.username}?tab=tagged`);
  await expect(page.getByRole('tab', { name: 'Tagged' })).toHaveAttribute('aria-selected', 'true');
  const grid = page.getByRole('list', { name: 'Tagged posts' });
  await expect(grid).toContainText(title);
  await expectAccessible(page);
  await grid.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f]{24}$/);
  const withLine = page.locator('p', { hasText: /^With / });
  await expect(withLine.getByRole('link', { name: ben.username, exact: true })).toHaveAttribute(
    'href',
    `/profile/${ben.username}`,
  );

  // "Remove me": after a confirmation his name leaves the post, and the post his Tagged tab.
  await page.getByRole('button', { name: 'Remove me' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove me' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove me' }).click();
  await expect(page.getByText('You were removed from this post')).toBeVisible();
  await expect(withLine).toHaveCount(0);
  await page.goto(`/profile/${ben.username}?tab=tagged`);
  await expect(page.getByText('No tagged posts yet')).toBeVisible();
});
