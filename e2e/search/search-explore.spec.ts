import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible } from '../fixtures';

test('navigation search: suggestions as you type, Enter → results on every tab → a post opens in a popup; the search is a recent one', async ({
  page,
  request,
}) => {
  const word = `zephyr${Date.now().toString(36)}`;
  const author = await createMember(request, word.slice(0, 12));
  const post = await createPost(request, author, {
    title: `Sailing the ${word} coast`,
    tags: [word],
    city: 'Lisbon',
    images: 1,
  });

  await page.goto('/home');
  const box = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search for ...');
  await box.fill(word);
  // Suggestions: the author and the tag (and Escape closes them, the text stays).
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: `#${word} 1 post` })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: new RegExp(`@${author.username}`) })).toBeVisible();
  await expectAccessible(page);
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  await expect(page.getByText(post.title).first()).toBeVisible();
  await expectAccessible(page);

  const tabs = page.getByRole('tablist', { name: 'Search categories' });
  await tabs.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/type=users/);
  await expect(page.getByText(`@${author.username}`).first()).toBeVisible();

  await tabs.getByRole('tab', { name: 'Tags' }).click();
  await expect(page.getByText(`#${word}`).first()).toBeVisible();

  await tabs.getByRole('tab', { name: 'Places' }).click();
  await page.getByRole('tabpanel').waitFor();

  await tabs.getByRole('tab', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/type=posts/);
  // The URL holds the tab, so Back and Forward move between tabs.
  await page.goBack();
  await expect(page).toHaveURL(/type=places/);
  await expect(tabs.getByRole('tab', { name: 'Places' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(tabs.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');

  await page.getByText(post.title).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: post.title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Back home, the empty field offers the search again.
  await page.goto('/home');
  await box.focus();
  const recent = page.getByRole('listbox', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: word })).toBeVisible();
  await expectAccessible(page);
});

test('Explore: Irvine by default, a popular city shows its feed, and "irv" suggests Irvine', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'ex');
  const irvine = await createPost(request, member, {
    title: `Irvine park ${Date.now()}`,
    city: 'Irvine',
    images: 1,
  });
  const kyoto = await createPost(request, member, {
    title: `Kyoto lanes ${Date.now()}`,
    city: 'Kyoto',
    images: 1,
  });

  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore in Irvine' })).toBeVisible();
  await expect(page.getByText(irvine.title).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Kyoto/ }).click();
  await expect(page.getByRole('heading', { name: 'Explore in Kyoto' })).toBeVisible();
  await expect(page.getByText(kyoto.title).first()).toBeVisible();

  const input = page.getByPlaceholder('Search for a city...');
  await input.fill('irv');
  await expect(
    page.getByRole('listbox', { name: 'City suggestions' }).getByRole('option', { name: 'Irvine' }),
  ).toBeVisible();
  await page.getByRole('option', { name: 'Irvine' }).click();
  await expect(page.getByRole('heading', { name: 'Explore in Irvine' })).toBeVisible();

  // Submitting title-cases each word.
  await input.fill('kyoto');
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: 'Explore in Kyoto' })).toBeVisible();
});
