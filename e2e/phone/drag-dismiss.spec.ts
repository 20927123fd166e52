import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A real finger (Chrome's own touch input) from one point to another, 20 px a step. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = Math.max(2, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 20));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('phone: a drag down closes the photo viewer and the post sheet; a short one snaps back; sideways swipes photos', async ({
  page,
  request,
}) => {
  const author = await createMember(request, 'dd');
  const title = `Harbour lights ${Date.now()}`;
  const post = await createPost(request, author, { title, images: 2 });
  await page.goto(`/home?post=${post.id}`);
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();

  // A short drag follows the finger, then the sheet slides back.
  await touchDrag(page, { x: 195, y: 300 }, { x: 195, y: 360 });
  await expect(sheet).toBeVisible();
  await expect.poll(() => sheet.evaluate((el) => el.style.transform)).toBe('');

  // The photo viewer: a sideways swipe changes photo and keeps it open; a drag down closes it.
  const photo = sheet.locator('[data-swipe-track]').first();
  await photo.tap();
  const viewer = page.getByRole('dialog', { name: `${title}: photos` });
  await expect(viewer.getByText('1 / 2')).toBeVisible();
  await touchDrag(page, { x: 320, y: 400 }, { x: 60, y: 420 });
  await expect(viewer.getByText('2 / 2')).toBeVisible();
  await touchDrag(page, { x: 195, y: 300 }, { x: 195, y: 600 });
  await expect(viewer).toHaveCount(0);
  await expect(sheet).toBeVisible();

  // The sheet itself.
  await touchDrag(page, { x: 195, y: 300 }, { x: 195, y: 640 });
  await expect(sheet).toHaveCount(0);
  await expect(page).not.toHaveURL(/post=/);
});
