import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, makePhoto, signIn } from '../fixtures';

test('create a post with 3 images, tags, category and a city → first on Home → like, comment, copy link', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await createMember(request, 'cp');
  const title = `Three photos from Porto ${Date.now()}`;
  await signIn(page, member);

  await page.goto('/home');
  await page
    .getByRole('link', { name: 'Create post' })
    .or(page.getByRole('button', { name: 'Create post' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/create-post$/);
  await expectAccessible(page);

  // Rules before anything is sent.
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Title, Description and Category are required')).toBeVisible();

  await page.getByLabel('Choose images').setInputFiles(
    await Promise.all(
      [1, 2, 3].map(async (i) => ({
        name: `porto-${i}.png`,
        mimeType: 'image/png',
        buffer: await makePhoto(i),
      })),
    ),
  );
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Tiles, trams and the river at golden hour.');
  await page.getByLabel('Tags').fill('porto, tiles, , golden hour');
  await page.getByLabel('Category').selectOption('Travel');
  await page.getByPlaceholder('Add a city').fill('Porto');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });

  const firstCard = page.locator('article[data-post-card]').first();
  await expect(firstCard).toContainText(title);
  await expect(firstCard).toContainText('3 photos');
  await expect(firstCard).toContainText('1 / 3');
  await expect(firstCard).toContainText('Travel');

  await firstCard.getByText(title).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog).toContainText('#golden hour');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Like' }).click();
  await expect(dialog.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');

  const comment = dialog.getByPlaceholder('Write a comment...');
  await comment.fill('  What a light!  ');
  await comment.press('Enter');
  await expect(dialog.getByText('What a light!')).toBeVisible();
  await expect(comment).toHaveValue('');

  await dialog.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog').last();
  await share.getByRole('button', { name: /Copy link/ }).click();
  await expect(share.getByText('Link copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/posts\/[0-9a-f]{24}$/);

  // The post page renders by URL, with the like and the comment kept.
  await page.goto(new URL(copied).pathname);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(page.getByText('What a light!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expectAccessible(page);
});

test('infinite scroll loads a second page, and the end text shows', async ({ page, request }) => {
  const member = await createMember(request, 'is');
  for (let i = 0; i < 12; i++)
    await createPost(request, member, { title: `Scroll test ${i} ${Date.now()}`, images: 0 });

  const feedRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/posts?')) feedRequests.push(r.url());
  });
  await page.goto('/home');
  const cards = page.locator('article[data-post-card]');
  await expect(cards.first()).toBeVisible();
  // The first page is 10 posts; the next one is asked for by cursor as the end comes near
  // (at once when the first page does not fill the window).
  expect(new URL(feedRequests[0]!).searchParams.get('limit')).toBe('10');
  await page.mouse.wheel(0, 20_000);
  await expect
    .poll(() => feedRequests.some((u) => new URL(u).searchParams.has('cursor')), { timeout: 15_000 })
    .toBe(true);
  await expect.poll(async () => cards.count(), { timeout: 15_000 }).toBeGreaterThan(10);
  for (let i = 0; i < 20 && !(await page.getByText("You've seen all posts!").isVisible()); i++) {
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(300);
  }
  await expect(page.getByText("You've seen all posts!")).toBeVisible();
});

test('a visitor sees "Please login to comment" and is sent to /login by Like', async ({ page, request }) => {
  const member = await createMember(request, 'vi');
  const post = await createPost(request, member, { title: `Visitor view ${Date.now()}`, images: 1 });
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('link', { name: 'Please login to comment' })).toBeVisible();
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/posts/ffffffffffffffffffffffff');
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
});
