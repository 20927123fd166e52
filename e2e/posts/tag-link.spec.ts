import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible } from '../fixtures';

test('a #tag in a caption links to the tag page: the tag, its count and its posts', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'tg');
  const tag = `harbour${Date.now().toString(36)}`;
  const post = await createPost(request, member, {
    title: `Lights over the water ${tag}`,
    content: `Morning at the #${tag} with @${member.username} <b>bold?</b>`,
  });

  await page.goto(`/posts/${post.id}`);
  const content = page.getByRole('article');
  // Markup in a caption stays text.
  await expect(content.getByText('<b>bold?</b>', { exact: false })).toBeVisible();
  await expect(content.getByRole('link', { name: `@${member.username}`, exact: true })).toHaveAttribute(
    'href',
    `/profile/${member.username}`,
  );
  await content
    .getByRole('link', { name: `#${tag}` })
    .first()
    .click();

  await expect(page).toHaveURL(new RegExp(`/tags/${tag}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  await expect(page.getByText('1 post', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: `Posts tagged #${tag}` })).toContainText(post.title);
  await expectAccessible(page);
});
