import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';

// The service worker is what these tests are about (the suite blocks it by default).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BANNER = "You're offline. What's already loaded stays here";

/** Waits until the service worker controls the page (after the first visit installs it). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every <img> of the post titled `title` finished loading with real pixels. */
async function expectPhotoLoaded(page: Page, alt: string): Promise<void> {
  const photo = page.getByRole('img', { name: alt }).first();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('installable: the manifest is linked, names the app, its icons and the standalone display', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/manifest\+json|application\/json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Glimpse',
    short_name: 'Glimpse',
    start_url: '/home',
    display: 'standalone',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // Registered from the app's module, not an inline script (a strict CSP allows none).
  expect(await page.locator('script:not([src])').count()).toBe(0);
  await waitForServiceWorker(page);
});

test('offline: a reload of /home, a profile and a post shows what was last seen, with the banner', async ({
  page,
  context,
  request,
}) => {
  const author = await createMember(request, 'sw');
  const post = await createPost(request, author, { title: `Harbour at dawn ${Date.now()}`, images: 1 });
  await signIn(page, author);
  await page.goto('/home');
  await waitForServiceWorker(page);

  // Seen once online (the worker keeps the answers and the photos).
  const pages = ['/home', `/profile/${author.username}`, `/posts/${post.id}`];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.getByText(post.title).first()).toBeVisible();
    await expectPhotoLoaded(page, post.title);
  }

  await context.setOffline(true);
  for (const url of pages) {
    await page.goto(url);
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
    await expect(page.getByText(post.title).first()).toBeVisible();
    await expectPhotoLoaded(page, post.title);
  }
  await expectAccessible(page);

  // Writes never come from the cache: offline, a post creation fails instead of "succeeding".
  const write = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/posts', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      return `status ${res.status}`;
    } catch {
      return 'network error';
    }
  });
  expect(write).toBe('network error');
  await context.setOffline(false);
});
