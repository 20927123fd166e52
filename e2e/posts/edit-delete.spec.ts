import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';

test('edit and delete your own post from its ⋯ menu, then save it and find it on the Saved tab', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'ed');
  const stamp = Date.now();
  const keep = await createPost(request, member, { title: `Harbour at dawn ${stamp}`, images: 2 });
  const doomed = await createPost(request, member, { title: `Blurry test shot ${stamp}` });
  await signIn(page, member);

  await page.goto('/home');
  const card = (title: string) => page.locator('article[data-post-card]').filter({ hasText: title });
  await expect(card(keep.title)).toBeVisible();

  // Edit: the create form, filled.
  await card(keep.title).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Edit post' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${keep.id}/edit$`));
  await expect(page.getByLabel('Title')).toHaveValue(keep.title);
  await expect(page.getByLabel('Category')).toHaveValue('Travel');
  await expectAccessible(page);
  const edited = `Harbour at sunrise ${stamp}`;
  await page.getByLabel('Title').fill(edited);
  await page.getByRole('button', { name: 'Move photo later: Photo 1' }).click();
  await page.getByLabel('Alt text (Photo 1)').fill('Boats in the harbour');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${keep.id}$`));
  await expect(page.getByRole('heading', { name: edited })).toBeVisible();
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();

  // Delete: a confirmation, then the post leaves the list on screen without a reload.
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(card(edited)).toBeVisible();
  await expect(card(edited)).toContainText('Edited');
  await card(doomed.title).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Delete post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(card(doomed.title)).toHaveCount(0);
  await expect(card(edited)).toBeVisible();
  const gone = await request.get(`/api/posts/${doomed.id}`);
  expect(gone.status()).toBe(404);

  // The bookmark beside the post's controls, and the profile's own Saved tab.
  await card(edited).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card(edited).getByRole('button', { name: 'Remove from saved' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`/profile/${member.username}?tab=saved`);
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Saved posts' })).toContainText(edited);
  await expectAccessible(page);
});
