import { expect, test } from '@playwright/test';
import { adminMember, createMember, createPost, expectAccessible, signIn } from '../fixtures';

test('a member reports a post, a moderator removes it from the queue, and it is gone from a third member’s feed', async ({
  browser,
  request,
}) => {
  const admin = await adminMember(request);
  const [author, reporter, moderator, third] = [
    await createMember(request, 'ra'),
    await createMember(request, 'rr'),
    await createMember(request, 'rm'),
    await createMember(request, 'rt'),
  ];
  // The admin makes a moderator (PUT /api/admin/users/{id}/roles).
  const grant = await request.put(`/api/admin/users/${moderator.id}/roles`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { isModerator: true },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const post = await createPost(request, author, { title: `Counterfeit watches ${Date.now()}`, images: 1 });

  // The third member sees the post in their feed first.
  const thirdPage = await (await browser.newContext()).newPage();
  await signIn(thirdPage, third);
  await thirdPage.goto('/home');
  await expect(thirdPage.getByText(post.title).first()).toBeVisible();

  // The reporter reports it from the post's menu.
  const reporterPage = await (await browser.newContext()).newPage();
  await signIn(reporterPage, reporter);
  await reporterPage.goto(`/posts/${post.id}`);
  await reporterPage.getByRole('button', { name: 'More options' }).click();
  await reporterPage.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this post' });
  await expect(dialog).toBeVisible();
  await expectAccessible(reporterPage);
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByLabel('Details (optional)').fill('Sells fakes');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporterPage.getByRole('dialog', { name: 'Report sent' })).toBeVisible();

  // The moderator removes it from the queue.
  const modPage = await (await browser.newContext()).newPage();
  await signIn(modPage, moderator);
  await modPage.goto('/home');
  await modPage.getByRole('link', { name: 'Moderation' }).click();
  await expect(modPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = modPage.getByRole('listitem').filter({ hasText: post.title });
  await expect(card).toContainText(`Reported by @${reporter.username}`);
  await expect(card).toContainText('Sells fakes');
  await expectAccessible(modPage);
  await card.getByLabel('Note for the audit log (optional)').fill('Counterfeit goods');
  await card.getByRole('button', { name: 'Remove content' }).click();
  await expect(modPage.getByRole('listitem').filter({ hasText: post.title })).toHaveCount(0);
  await modPage.getByRole('tab', { name: 'Resolved' }).click();
  await expect(modPage.getByRole('listitem').filter({ hasText: post.title })).toContainText('Removed');

  // Gone from the third member's feed and its page; the author sees it marked.
  await thirdPage.reload();
  await expect(
    thirdPage.getByRole('heading', { level: 1 }).or(thirdPage.locator('[data-post-card]')).first(),
  ).toBeVisible();
  await expect(thirdPage.getByText(post.title)).toHaveCount(0);
  const detail = await request.get(`/api/posts/${post.id}`, {
    headers: { authorization: `Bearer ${third.token}` },
  });
  expect(detail.status()).toBe(404);
  const authorPage = await (await browser.newContext()).newPage();
  await signIn(authorPage, author);
  await authorPage.goto(`/posts/${post.id}`);
  await expect(authorPage.getByText('Removed by a moderator. Only you can see this post.')).toBeVisible();
});
