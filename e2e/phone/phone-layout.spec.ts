import { expect, test, type Browser, type Page } from '@playwright/test';
import { createMember, createPost, signIn, type TestMember } from '../fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function phonePage(browser: Browser, member?: TestMember): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  if (member) await signIn(page, member);
  return page;
}

/** Neither the page nor anything in it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('phone: a bottom tab bar with the current tab, a Chat badge, finger-sized targets', async ({
  browser,
  request,
}) => {
  const me = await createMember(request, 'tb');
  const friend = await createMember(request, 'tf');

  // A message from a friend, sent through the real app, leaves one unread for me.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await signIn(friendPage, friend);
  await friendPage.goto(`/chat?userId=${me.id}`);
  const input = friendPage.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeEnabled();
  await input.fill('Are you coming tonight?');
  await input.press('Enter');
  await expect(
    friendPage.getByRole('list', { name: 'Messages' }).getByRole('img', { name: 'Sent' }),
  ).toBeVisible();
  await friendContext.close();

  const page = await phonePage(browser, me);
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: 'Sections' });
  await expect(bar).toBeVisible();
  const tabs = bar.getByRole('link');
  await expect(tabs).toHaveText([/Home/, /Explore/, /Create/, /Chat/, /Profile/]);
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Chat 1 unread' })).toBeVisible();
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // The bar is at the bottom of the screen, and the top bar is only logo, search and the bell.
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(844, 0);
  const top = page.getByRole('navigation', { name: 'Main' });
  await expect(top.getByRole('link', { name: 'Glimpse' })).toBeVisible();
  await expect(top.getByPlaceholder('Search for ...')).toBeVisible();
  await expect(top.getByRole('link', { name: 'Notifications' })).toBeVisible();
  for (const name of ['Explore', 'Messages', 'Profile'])
    await expect(top.getByRole('link', { name })).toBeHidden();
  // Create lives in the bar: no floating "+" over the feed.
  await expect(page.locator('main').getByRole('link', { name: 'Create post' })).toBeHidden();
  await expectNoSidewaysScroll(page);

  await bar.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(bar.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await bar.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/create-post$/);
  await bar.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: me.username })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');

  // Opening the conversation reads it: the badge goes, and the composer owns the bottom.
  await bar.getByRole('link', { name: /^Chat/ }).click();
  await page
    .getByRole('complementary', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(friend.username) })
    .click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(bar).toBeHidden();
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(bar.getByRole('link', { name: 'Chat' })).toBeVisible();

  // The desktop keeps the round buttons up top and no bottom bar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  for (const name of ['Explore', 'Messages', 'Notifications', 'Profile'])
    await expect(top.getByRole('link', { name })).toBeVisible();
  await page.context().close();
});

test('phone: the feed is a two-column masonry, every card sized to its own height, none overlapping', async ({
  browser,
  request,
}) => {
  const author = await createMember(request, 'ms');
  // More than the first screen's six cards (useFirstScreenCount): the rest follow them.
  const stamp = Date.now();
  for (let i = 0; i < 8; i++) {
    await createPost(request, author, { title: `Masonry ${i} ${'long words '.repeat(i % 3)}${stamp}` });
  }
  const page = await phonePage(browser);
  const code: string[] = [];
  page.on('request', (r) => {
    if (['script', 'stylesheet'].includes(r.resourceType())) code.push(new URL(r.url()).pathname);
  });
  await page.goto('/home');
  const cards = page.locator('article[data-post-card]');
  await expect(cards.filter({ hasText: `Masonry 0` })).toBeVisible();
  // Home's own modules come as one chunk and one style sheet (vite.config.ts, homeChunk), not
  // the dozen shared chunks and their style sheets the bundler would make: ~11 files, not ~27
  // (counted by the first card: the theme watcher, the update offer, the service worker's helper
  // and, on a touch screen, the pull-to-refresh gesture have started to load after the page).
  const firstCode = [...code];
  expect(
    firstCode.filter((p) => /^\/assets\/home-[\w-]+\.js$/.test(p)),
    firstCode.join(' '),
  ).toHaveLength(1);
  expect(firstCode.length, firstCode.join(' ')).toBeLessThanOrEqual(11);
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);

  const boxes = await page.evaluate(() =>
    Array.from(document.querySelectorAll('article[data-post-card]')).map((card) => {
      const item = card.closest('li')!;
      const content = item.firstElementChild!.getBoundingClientRect();
      const box = item.getBoundingClientRect();
      return { span: item.style.gridRowEnd, contentHeight: content.height, left: box.left, top: box.top };
    }),
  );
  // Each item spans its content's height in 4px rows (MASONRY_ROW_PX).
  for (const box of boxes) expect(box.span).toBe(`span ${Math.ceil(box.contentHeight / 4)}`);
  // Two columns; within each, a card starts where the one above it ends (its gap included).
  const columns = [...new Set(boxes.map((b) => Math.round(b.left)))];
  expect(columns).toHaveLength(2);
  for (const x of columns) {
    const stack = boxes.filter((b) => Math.round(b.left) === x).sort((a, b) => a.top - b.top);
    for (let i = 1; i < stack.length; i++) {
      expect(stack[i]!.top).toBeGreaterThanOrEqual(stack[i - 1]!.top + stack[i - 1]!.contentHeight - 0.5);
      expect(stack[i]!.top).toBeLessThan(stack[i - 1]!.top + stack[i - 1]!.contentHeight + 4);
    }
  }
  await page.context().close();
});

test('phone: cards swipe instead of showing arrows, keep names whole, and open as a full-width sheet', async ({
  browser,
  request,
}) => {
  const author = await createMember(request, 'sw');
  const viewer = await createMember(request, 'sv');
  const title = `Three harbour mornings ${Date.now()}`;
  await createPost(request, author, { title, images: 3 });

  const page = await phonePage(browser, viewer);
  await page.goto('/home');
  const card = page.locator('article[data-post-card]').filter({ hasText: title });
  await expect(card).toContainText('1 / 3');

  // No arrows in sight on a touch screen, and they let a finger through to the photo.
  const next = card.getByRole('button', { name: 'Next photo' });
  expect(await next.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  expect(await next.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  // A narrow card has no Follow button nor bookmark (both are in the post's sheet), so the
  // author's name is never cut short.
  await expect(card.getByRole('button', { name: /^Follow/ })).toBeHidden();
  await expect(card.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  const author_ = card.getByRole('link', { name: author.username });
  expect(await author_.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // Swipe left: the next photo, without opening the post.
  const photo = card.locator('[data-swipe-track]');
  const box = (await photo.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.15, y, { steps: 5 });
  await page.mouse.up();
  await expect(card).toContainText('2 / 3');
  await expect(page).toHaveURL(/\/home$/);

  // A tap opens the post as a sheet over the whole screen: no strip beside the photos.
  await page.touchscreen.tap(box.x + box.width / 2, y);
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  const sheetBox = (await sheet.boundingBox())!;
  expect(sheetBox.x).toBe(0);
  expect(sheetBox.width).toBe(390);
  const strip = sheet.locator('[data-layout="strip"] [data-swipe-track]');
  const stripBox = (await strip.boundingBox())!;
  expect(stripBox.width).toBe(390);
  await expect(sheet).toContainText('1 / 3');
  // The sheet's photos swipe too.
  await page.mouse.move(stripBox.x + 300, stripBox.y + 100);
  await page.mouse.down();
  await page.mouse.move(stripBox.x + 40, stripBox.y + 100, { steps: 8 });
  await page.mouse.up();
  await expect(sheet).toContainText('2 / 3');
  await expectNoSidewaysScroll(page);
  await page.context().close();
});

test('phone: settings are a list of sections, each opening as its own page', async ({ browser, request }) => {
  const member = await createMember(request, 'sl');
  const page = await phonePage(browser, member);
  await page.goto('/settings');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeHidden();
  // A vertical list, every row the full width: nothing scrolls sideways.
  const rows = await sections.getByRole('link').all();
  expect(rows).toHaveLength(9);
  for (const row of rows) expect((await row.boundingBox())!.width).toBeGreaterThan(300);
  expect(await sections.locator('ul').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);

  await sections.getByRole('link', { name: 'Display' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Display' })).toBeVisible();
  await expect(sections).toBeHidden();
  await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
  await page.getByRole('link', { name: 'All settings' }).click();
  await expect(sections).toBeVisible();
  await page.context().close();
});
