import { expect, test } from '@playwright/test';
import { createMember, createPost, signIn } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OFFLINE_BANNER = "You're offline. What's already loaded stays here";

test('phone: the Save bar sits above the tab bar; Share uses the device sheet and counts only a share made; offline is one banner, and a page never saved says so with a retry', async ({
  page,
  context,
  request,
}) => {
  const author = await createMember(request, 'sa');
  const first = await createPost(request, author, { title: `Pier at dusk ${Date.now()}`, images: 0 });
  const second = await createPost(request, author, { title: `Market morning ${Date.now()}`, images: 0 });
  const me = await createMember(request, 'sm');
  // A device share sheet that records what it was given; the first is dismissed, the next shared.
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return calls.length === 1
          ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
          : Promise.resolve();
      },
    });
  });
  await signIn(page, me);

  // Settings: with a change to save, the bar is fully above the tab bar.
  await page.goto('/settings?section=account');
  await page.getByLabel('First Name').fill('Ana');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeEnabled();
  const tabBar = (await page.getByRole('navigation', { name: 'Sections' }).boundingBox())!;
  const saveBox = (await save.boundingBox())!;
  expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(tabBar.y);

  // Share: the device's sheet, not our dialog; dismissing counts nothing, sharing counts one.
  await page.goto(`/posts/${first.id}`);
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
  const shareButton = page.getByRole('button', { name: 'Share', exact: true });
  await shareButton.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls.length))
    .toBe(1);
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
  await shareButton.click();
  await expect(page.getByText('1 share', { exact: true })).toBeVisible();
  const shared = (await page.evaluate(
    () => (window as unknown as { shareCalls: unknown[] }).shareCalls,
  )) as Array<{
    url: string;
  }>;
  expect(shared[1]!.url).toMatch(new RegExp(`/posts/${first.id}$`));
  const counted = (await (await request.get(`/api/posts/${first.id}`)).json()) as { sharesCount: number };
  expect(counted.sharesCount).toBe(1);

  // Offline: a post never opened says it is offline, with a retry that works once back online.
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(1);
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/posts/${second.id}`);
  await expect(
    page.getByText("You're offline and this page hasn't been saved on this device yet."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  // Back online, it loads (by itself on reconnect, or by the retry).
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: second.title })).toBeVisible();

  // Chat offline: one banner, not the app's and the socket's both.
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(1);
  await expect(page.getByText('Disconnected', { exact: false })).toHaveCount(0);
  await context.setOffline(false);
});
