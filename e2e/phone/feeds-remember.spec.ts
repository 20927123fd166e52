import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost, signIn } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const cards = (page: Page) => page.locator('#home-feed article[data-post-card]');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** A real finger on the touch screen (Chrome's own touch input, not synthetic DOM events). */
async function pullDown(page: Page, fromY: number, toY: number) {
  const cdp = await page.context().newCDPSession(page);
  const point = (y: number) => [{ x: 195, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromY) });
  for (let y = fromY; y <= toY; y += 40) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const firstPageRequest = (page: Page) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/posts' && !url.searchParams.has('cursor') && !url.searchParams.has('city');
  });

test('phone: the feed keeps its pages and place across tabs and Back; the active tab goes to the top, then refreshes; pull to refresh', async ({
  page,
  request,
}) => {
  // Enough posts for three pages (no photos: quick to make, and short cards scroll less).
  const authors = [await createMember(request, 'fra'), await createMember(request, 'frb')];
  for (let i = 0; i < 26; i++) {
    await createPost(request, authors[i % 2]!, { title: `Remembered ${i} ${Date.now()}`, images: 0 });
  }
  const me = await createMember(request, 'frm');
  await signIn(page, me);
  await page.goto('/home');
  await expect(cards(page).first()).toBeVisible();

  // Scroll down until a third page is in, then stop somewhere in the middle.
  while ((await cards(page).count()) <= 20) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, Math.round(document.documentElement.scrollHeight / 2)));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  const place = await scrollY(page);
  const loaded = await cards(page).count();

  const tabs = page.getByRole('navigation', { name: 'Sections' });
  // Explore and back by the tab bar: same pages, same place.
  await tabs.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore/);
  await expect(page.getByRole('heading', { name: /Explore in/ })).toBeVisible();
  await tabs.getByRole('link', { name: 'Home' }).click();
  await expect(cards(page)).toHaveCount(loaded);
  await expect.poll(() => scrollY(page)).toBe(place);

  // And by the browser's Back.
  await tabs.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore/);
  await page.goBack();
  await expect(cards(page)).toHaveCount(loaded);
  await expect.poll(() => scrollY(page)).toBe(place);

  // The tab one is on: first to the top, then (at the top) page 1 again.
  const home = tabs.getByRole('link', { name: 'Home' });
  await home.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  const refreshed = firstPageRequest(page);
  await home.click();
  await refreshed;
  await expect(cards(page)).toHaveCount(10);

  // Pull to refresh at the top: page 1 again.
  const pulled = firstPageRequest(page);
  await pullDown(page, 250, 600);
  await pulled;
  await expect(cards(page)).toHaveCount(10);

  // A fresh load starts at the top, though the server-rendered page is tall from its first bytes.
  await page.mouse.wheel(0, 300);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await page.waitForLoadState('load');
  // Two frames after load: the browser's own restore (when it is not stopped) has run by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await scrollY(page)).toBe(0);
});
