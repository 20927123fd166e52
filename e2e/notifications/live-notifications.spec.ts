import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';

test('B likes and comments on A’s post; A sees the bell badge rise live, opens the list, marks all read', async ({
  browser,
  request,
}) => {
  const a = await createMember(request, 'na');
  const b = await createMember(request, 'nb');
  const post = await createPost(request, a, { title: 'Harbour at dawn' });

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  try {
    await signIn(pageA, a);
    await pageA.goto('/home');
    const bell = pageA
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(pageA).toHaveTitle('For You · All · Glimpse');

    await signIn(pageB, b);
    await pageB.goto(`/posts/${post.id}`);
    await pageB.getByRole('button', { name: 'Like' }).click();
    await expect(pageB.getByRole('button', { name: 'Unlike' })).toBeVisible();

    // A, still on /home and never reloaded, sees the bell's badge and the title count rise.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell.getByTestId('badge-notifications')).toHaveText('1');

    const comment = pageB.getByPlaceholder('Write a comment...');
    await comment.fill('The light on the water!');
    await comment.press('Enter');
    await expect(pageB.getByText('The light on the water!')).toBeVisible();

    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await expect(pageA).toHaveTitle('(2) For You · All · Glimpse');
    expect(pageA.url()).toMatch(/\/home$/);

    await bell.click();
    await expect(pageA).toHaveURL(/\/notification$/);
    const list = pageA.getByRole('list', { name: 'All notifications' });
    const items = list.getByRole('article');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${b.username} commented on your post`);
    await expect(items.nth(0)).toContainText('The light on the water!');
    await expect(items.nth(1)).toContainText(`${b.username} liked your post`);
    await expect(items.nth(1)).toContainText('Harbour at dawn');
    await expect(pageA.getByRole('img', { name: 'unread' })).toHaveCount(2);
    await expect(pageA.getByText('2 unread', { exact: true })).toBeVisible();
    await expectAccessible(pageA);

    await pageA.getByRole('tab', { name: 'Likes' }).click();
    await expect(pageA.getByRole('list', { name: 'Likes notifications' }).getByRole('article')).toHaveCount(
      1,
    );
    await pageA.getByRole('tab', { name: 'Mentions' }).click();
    await expect(pageA.getByRole('heading', { name: 'No mentions yet' })).toBeVisible();
    await pageA.getByRole('tab', { name: 'All' }).click();

    await pageA.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(pageA.getByRole('img', { name: 'unread' })).toHaveCount(0);
    await expect(pageA.getByText('All caught up')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(pageA).toHaveTitle('Notifications · Glimpse');

    // Read on the server too: a reload shows them read.
    await pageA.reload();
    await expect(pageA.getByRole('list', { name: 'All notifications' }).getByRole('article')).toHaveCount(2);
    await expect(pageA.getByRole('img', { name: 'unread' })).toHaveCount(0);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('a new message toasts outside /chat and raises the chat badge', async ({ browser, request }) => {
  const a = await createMember(request, 'ma');
  const b = await createMember(request, 'mb');
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  try {
    await signIn(pageA, a);
    await pageA.goto('/explore');
    const chatLink = pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
    await expect(chatLink).toHaveAccessibleName('Messages');

    await signIn(pageB, b);
    await pageB.goto(`/profile/${a.username}`);
    await pageB.getByRole('button', { name: 'Message' }).click();
    const input = pageB.getByRole('textbox', { name: 'Message' });
    await expect(input).toBeEnabled();
    await input.fill('Coffee later?');
    await input.press('Enter');

    await expect(pageA.getByText(`New message from ${b.username}: Coffee later?`)).toBeVisible();
    await expect(chatLink).toHaveAccessibleName('Messages, 1 unread');
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
