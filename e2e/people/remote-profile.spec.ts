import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';
import {
  giveCommentToRemote,
  giveToRemote,
  seedAcceptedFollow,
  seedPendingFollow,
  seedRemoteAccount,
  type RemoteAccount,
} from '../remote-accounts';

/**
 * Federation as members see it (issue 32), with an account of another server as federation
 * stores it (remote-accounts.ts): its profile (server-rendered too, 404 for one nobody knows),
 * its posts and comments marked with their server, its follow waiting as "Requested".
 */

const HOST = 'pixelfed.example';

let ava: RemoteAccount;
let post: { id: string; title: string };

test.beforeAll(async ({ request }) => {
  const tag = Date.now().toString(36);
  ava = await seedRemoteAccount({
    name: `ava_${tag}`,
    host: HOST,
    displayName: 'Ava Lens',
    bio: 'Film photos from the coast.',
  });
  // A post with a real photo, made by a local helper and then given to the remote account, as an
  // incoming Create(Note) stores it; a local member's comment on it, given to the account too.
  const helper = await createMember(request, 'remotehelper');
  post = await createPost(request, helper, { title: `Tide pools ${tag}`, images: 1 });
  await giveToRemote(post.id, ava);
  const res = await request.post(`/api/posts/${post.id}/comment`, {
    headers: { authorization: `Bearer ${helper.token}` },
    data: { content: 'Low tide at dawn' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await giveCommentToRemote(((await res.json()) as { comment: { id: string } }).comment.id, ava);
});

test('a visitor gets the remote profile server-rendered; an unknown user@host is a 404', async ({
  request,
  browser,
}) => {
  const res = await request.get(`/profile/${ava.username}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`@${ava.username}`);
  expect(html).toContain(`on ${HOST}`);
  expect(html).toContain(post.title);

  const missing = await request.get(`/profile/nobody_here@${HOST}`);
  expect(missing.status()).toBe(404);

  // Without JavaScript the first paint is the whole header and the grid.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/profile/${ava.username}`);
  await expect(page.getByRole('heading', { level: 1, name: ava.username.split('@')[0] })).toBeVisible();
  await expect(page.getByRole('link', { name: `on ${HOST}` })).toHaveAttribute('href', ava.profileUrl);
  await expect(page.getByText('Film photos from the coast.')).toBeVisible();
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  await context.close();
});

test('a member sees the header, the posts grid and "Requested" for a follow waiting for its server', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'fedviewer');
  await signIn(page, member);
  await page.goto(`/profile/${ava.username}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: ava.username.split('@')[0] })).toBeVisible();
  await expect(main.getByText(`@${ava.username}`, { exact: true })).toBeVisible();
  const origin = main.getByRole('link', { name: `on ${HOST}` });
  await expect(origin).toHaveAttribute('href', ava.profileUrl);
  await expect(origin).toHaveAttribute('target', '_blank');
  await expect(main.locator('header').getByText('Ava Lens')).toBeVisible();
  await expect(main.getByRole('link', { name: post.title })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Message' })).toHaveCount(0);
  await expect(main.getByRole('tab')).toHaveText(['Posts']);
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The follow the member sent waits for the other server's Accept.
  await seedPendingFollow(member.id, ava);
  const status = await request.get(`/api/users/${ava.id}/follow-status`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(await status.json()).toEqual({ following: false, requested: true });
  await page.reload();
  const requested = main.getByRole('button', { name: 'Requested' });
  await expect(requested).toHaveAttribute('aria-pressed', 'true');

  // By keyboard: from the server link on to the follow button.
  await origin.focus();
  await expect(origin).toBeFocused();
  for (let i = 0; i < 6 && !(await requested.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(requested).toBeFocused();
  await expectAccessible(page);
});

test('remote posts and comments show their server; search lists the account with it', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'fedreader');
  // The member follows the account and its server has accepted: its posts are in their Following feed.
  await seedAcceptedFollow(member.id, ava);
  await signIn(page, member);

  // The card in the Following feed: the host on the date's line (the byline keeps its two rows).
  await page.goto('/home?tab=following');
  const card = page.locator('[data-post-card]').filter({ hasText: post.title });
  await expect(card.getByTitle(`From ${HOST}`)).toHaveText(` · ${HOST}`);
  await expect(card.getByRole('link', { name: 'Ava Lens' })).toHaveAttribute(
    'href',
    `/profile/${ava.username}`,
  );

  // The post page: the author's full handle, and the comment's server beside its author.
  await page.goto(`/posts/${post.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`@${ava.username}`, { exact: true })).toBeVisible();
  const comment = main.getByRole('listitem').filter({ hasText: 'Low tide at dawn' });
  await expect(comment.getByTitle(`From ${HOST}`)).toHaveText(HOST);

  // Search by the handle's name: the account among the people, with its server.
  await page.goto(`/search?q=${encodeURIComponent(ava.username.split('@')[0]!)}&type=users`);
  const result = main.locator('article').filter({ hasText: `@${ava.username}` });
  await expect(result).toContainText(`on ${HOST}`);
  await expect(result.getByRole('link', { name: 'Ava Lens' })).toHaveAttribute(
    'href',
    `/profile/${ava.username}`,
  );
});

test("without FEDERATION a member's own profile shows no handle to follow", async ({ page, request }) => {
  const member = await createMember(request, 'fedself');
  await signIn(page, member);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: member.username })).toBeVisible();
  const config = await request.get('/api/config');
  expect(((await config.json()) as { federationHandleHost: string | null }).federationHandleHost).toBeNull();
  await expect(page.getByRole('button', { name: /Copy your handle/ })).toHaveCount(0);
});

test('on a federating server the own profile shows the handle; Copy works from the keyboard', async ({
  page,
  context,
  request,
}) => {
  // The e2e server cannot federate (that needs an https PUBLIC_ORIGIN): its config answer is
  // given as a federating server's would be.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), federationHandleHost: 'glimpse.example' },
    });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await createMember(request, 'fedhandle');
  await signIn(page, member);
  await page.goto('/profile');
  const handle = `@${member.username}@glimpse.example`;
  await expect(page.getByText(handle)).toBeVisible();
  const copy = page.getByRole('button', { name: `Copy your handle ${handle}` });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Handle copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await expectAccessible(page);
  }
});
