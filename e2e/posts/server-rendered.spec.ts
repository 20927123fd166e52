import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost, type CreatedPost } from '../fixtures';

/**
 * The pages a shared link points at are rendered by React on the server (modules/pages,
 * apps/web/src/entry-server.tsx): without JavaScript a post shows its photo and text; with it, the
 * browser hydrates that HTML from the handed-over queries with no error and asks nothing twice.
 */

let post: CreatedPost;
let author: string;

test.beforeAll(async ({ request }) => {
  const member = await createMember(request, 'ssr');
  author = member.username;
  post = await createPost(request, member, { title: `Harbour lights ${Date.now()}`, images: 1 });
});

/** Console errors and uncaught errors, but the service worker the e2e config blocks on purpose. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/service worker/i.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('each rendered route answers HTML that already holds its content and its preview', async ({
  request,
}) => {
  const city = `Ssrville${Date.now() % 100000}`;
  const member = await createMember(request, 'ssrcity');
  const local = await createPost(request, member, { title: `Rooftops of ${city}`, images: 1, city });
  const pages: Array<[string, string]> = [
    [`/posts/${post.id}`, post.title],
    [`/profile/${author}`, post.title],
    ['/home', local.title],
    [`/explore?city=${city}`, local.title],
    [`/search?q=${encodeURIComponent('Harbour lights')}`, post.title],
  ];
  for (const [path, text] of pages) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="glimpse-state"'));
    expect(root, path).toContain(text);
    expect(root, path).toMatch(/<img [^>]*srcSet="[^"]+ 320w/);
    expect(html, path).toContain('<meta property="og:title"');
    expect(html, path).toMatch(/<script type="application\/json" id="glimpse-state" nonce="[^"]+">/);
    const csp = answer.headers()['content-security-policy']!;
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a post page shows its photo, title and author', async ({ page }) => {
    const answer = await page.goto(`/posts/${post.id}`);
    expect(answer!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
    await expect(page.getByText(`@${author}`).first()).toBeVisible();
    const photo = page.locator('main img[srcset]').first();
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('an unknown post is a 404 page', async ({ page }) => {
    const answer = await page.goto('/posts/65a1b2c3d4e5f6a1b2c3d4e5');
    expect(answer!.status()).toBe(404);
  });
});

test('the browser hydrates the server-rendered pages with no error and fetches nothing twice', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });

  for (const path of [`/posts/${post.id}`, '/home', `/profile/${author}`]) {
    apiCalls.length = 0;
    await page.goto(path);
    // Hydrated: the handed-over state was read, and the page answers a press.
    await expect(page.locator('#glimpse-state')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(apiCalls.filter((p) => p.startsWith('/api/posts') || p.startsWith('/api/users/profile'))).toEqual(
      [],
    );
  }
  // A client-side navigation still works from a hydrated page.
  await page.getByRole('link', { name: post.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  expect(errors).toEqual([]);
});
