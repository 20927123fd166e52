import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost, signIn } from '../fixtures';

/** Phones: a tap on the photo strip; wider screens: the first gallery tile. */
async function openViewer(page: Page) {
  await page
    .locator('main [data-layout="strip"] [data-swipe-track], main button[aria-label^="View photo 1 of"]')
    .first()
    .click();
}

function likeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/posts\/[0-9a-f]{24}\/like$/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test('double-click on a card photo likes the post with a heart; the photo still opens on one click', async ({
  page,
  request,
}) => {
  const author = await createMember(request, 'dc');
  const fan = await createMember(request, 'df');
  const title = `Tide pools at noon ${Date.now()}`;
  const post = await createPost(request, author, { title, images: 2 });
  const likes = likeRequests(page);
  await signIn(page, fan);
  await page.goto('/home');
  const card = page.locator('article[data-post-card]').filter({ hasText: title });
  const photo = card.locator('[data-swipe-track]');

  await photo.dblclick();
  await expect(card.locator('[data-heart-burst]')).toHaveCount(1);
  await expect.poll(() => likes.length).toBe(1);
  await expect(card.getByText('1 like', { exact: true })).toBeAttached();
  // A double tap never unlikes: again, and it stays liked with no second request.
  await photo.dblclick();
  await page.waitForLoadState('networkidle');
  expect(likes).toHaveLength(1);
  await expect(page).toHaveURL(/\/home$/);
  const stored = await request.get(`/api/posts/${post.id}`, {
    headers: { authorization: `Bearer ${fan.token}` },
  });
  expect(((await stored.json()) as { isLikedByUser: boolean }).isLikedByUser).toBe(true);

  // One click (after the double-click window) opens the post.
  await photo.click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
});

test('double tap on the photo likes in the phone sheet and on the post page; a visitor goes to /login', async ({
  browser,
  request,
}) => {
  const author = await createMember(request, 'dt');
  const fan = await createMember(request, 'du');
  const title = `Lanterns over the river ${Date.now()}`;
  const post = await createPost(request, author, { title, images: 3 });

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, fan);
  await page.goto(`/home?post=${post.id}`);
  const sheet = page.getByRole('dialog', { name: title });
  const strip = sheet.locator('[data-layout="strip"] [data-swipe-track]');
  const box = (await strip.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(sheet.locator('[data-heart-burst]')).toHaveCount(1);
  await expect(sheet.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  // A double tap is not a tap: the full-size viewer did not open.
  await expect(page.getByRole('dialog', { name: `${title}: photos` })).toHaveCount(0);
  await context.close();

  // The post page, with a mouse: a double click on a gallery tile.
  const desktop = await browser.newPage();
  await signIn(desktop, author);
  await desktop.goto(`/posts/${post.id}`);
  await desktop.getByRole('button', { name: 'View photo 2 of 3' }).dblclick();
  await expect(desktop.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(desktop.getByText('2 likes')).toBeVisible();
  await expect(desktop.getByRole('dialog')).toHaveCount(0);

  // A visitor's double tap asks them to sign in.
  await desktop.evaluate(() => localStorage.removeItem('token'));
  await desktop.goto(`/posts/${post.id}`);
  await desktop.getByRole('button', { name: 'View photo 1 of 3' }).dblclick();
  await expect(desktop).toHaveURL(/\/login$/);
  await desktop.close();
});

test("the full-size viewer's thumbnails are inside the window at every size, and photos swipe", async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'vw');
  const post = await createPost(request, member, { title: `Five frames ${Date.now()}`, images: 5 });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1280, height: 600 },
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/posts/${post.id}`);
    await openViewer(page);
    const viewer = page.getByRole('dialog', { name: /: photos$/ });
    const thumbs = viewer.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
    await expect(thumbs).toHaveCount(5);
    for (const thumb of await thumbs.all()) {
      const box = (await thumb.boundingBox())!;
      expect(box.height, `${size.width}x${size.height}`).toBeGreaterThanOrEqual(44);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${size.width}x${size.height}`).toBeLessThanOrEqual(size.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    }
    await expect(viewer.getByText('1 / 5')).toBeVisible();
    await page.keyboard.press('Escape');
  }

  // Swipe (a drag) in the viewer goes to the next photo; the other way wraps to the last.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openViewer(page);
  const viewer = page.getByRole('dialog', { name: /: photos$/ });
  const stage = viewer.locator('[data-swipe-track]');
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  const drag = async (from: number, to: number) => {
    await page.mouse.move(box.x + from, y);
    await page.mouse.down();
    await page.mouse.move(box.x + (from + to) / 2, y, { steps: 4 });
    await page.mouse.move(box.x + to, y, { steps: 4 });
    await page.mouse.up();
  };
  await drag(900, 300);
  await expect(viewer.getByText('2 / 5')).toBeVisible();
  await drag(300, 900);
  await expect(viewer.getByText('1 / 5')).toBeVisible();
  await drag(300, 900);
  await expect(viewer.getByText('5 / 5')).toBeVisible();
});

test('dark mode follows the system, a Display choice overrides it, and it is there before the app runs', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'dm');
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  const dark = await browser.newContext({ colorScheme: 'dark' });
  const darkPage = await dark.newPage();
  await darkPage.goto('/home');
  expect(await background(darkPage)).toBe('rgb(17, 17, 19)');
  await dark.close();

  const light = await browser.newContext({ colorScheme: 'light' });
  const page = await light.newPage();
  await page.goto('/home');
  expect(await background(page)).toBe('rgb(250, 250, 250)');

  await signIn(page, member);
  await page.goto('/settings?section=display');
  await page.getByRole('radio', { name: 'Dark' }).check();
  expect(await background(page)).toBe('rgb(17, 17, 19)');

  // Next visit: dark at first paint, even before (here: without) the app's own script.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/home');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await background(page)).toBe('rgb(17, 17, 19)');
  await page.unroute(/\/assets\/index-[^/]+\.js$/);

  await page.goto('/settings?section=display');
  await page.getByRole('radio', { name: 'System' }).check();
  expect(await background(page)).toBe('rgb(250, 250, 250)');
  await light.close();
});

test('offline: a banner says so everywhere, and a like or a comment says it was not sent', async ({
  page,
  context,
  request,
}) => {
  const author = await createMember(request, 'of');
  const member = await createMember(request, 'og');
  const post = await createPost(request, author, { title: `Fog over the bay ${Date.now()}`, images: 1 });
  await signIn(page, member);
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('button', { name: 'Like' })).toBeVisible();
  const likes = likeRequests(page);

  await context.setOffline(true);
  const banner = page.getByText("You're offline. What's already loaded stays here");
  await expect(banner).toBeVisible();

  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText("You're offline, so your like wasn't saved.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');

  const comment = page.getByPlaceholder('Write a comment...');
  await comment.fill('Beautiful light');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText("You're offline, so your comment wasn't posted.")).toBeVisible();
  await expect(comment).toHaveValue('Beautiful light');
  await expect(comment).toHaveAccessibleDescription(/offline/);

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  expect(likes).toHaveLength(0);
  // Back online, the same comment goes through.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('region', { name: 'Comments' }).getByText('Beautiful light')).toBeVisible();
});
