import { expect, test, type Page } from '@playwright/test';
import { createMember, createPost, makePhoto, signIn } from '../fixtures';

/**
 * The web app under the server's strict CSP (no inline script or style, images from self, data:
 * and blob:): every page loads and works with no CSP violation, and the document comes with the
 * security headers.
 */

async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

test('the app loads, shows photos and previews uploads with no CSP violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const violations = await collectViolations(page);
  const member = await createMember(request, 'csp');
  const post = await createPost(request, member, { title: `Strict harbour ${Date.now()}`, images: 2 });

  const document = await page.goto('/home');
  const headers = document!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await signIn(page, member);
  for (const path of [
    '/home',
    `/posts/${post.id}`,
    `/profile/${member.username}`,
    '/profile',
    '/explore',
    '/search?q=harbour',
    '/chat',
    '/notification',
    '/settings',
    '/settings?section=display',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // The post's photos were drawn (served from /media under img-src 'self').
  await page.goto(`/posts/${post.id}`);
  const photo = page.locator('img[src*="/media/"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Choosing a photo shows its preview (a blob: URL) on the create page.
  await page.goto('/create-post');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'preview.png',
      mimeType: 'image/png',
      buffer: await makePhoto(7),
    });
  await expect(page.locator('img[src^="blob:"], img[src^="data:"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});
