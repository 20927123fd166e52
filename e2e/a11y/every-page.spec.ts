import { expect, test } from '@playwright/test';
import { createMember, createPost, expectAccessible, signIn } from '../fixtures';

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test(`axe finds no serious or critical violation on any page (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const member = await createMember(request, `ax${viewport.name.slice(0, 2)}`);
    const post = await createPost(request, member, {
      title: `Accessible harbour ${Date.now()}`,
      city: 'Irvine',
      tags: ['harbour'],
      images: 2,
    });

    const visitorPages = [
      '/home',
      '/explore',
      '/search?q=harbour',
      '/login',
      '/register',
      `/posts/${post.id}`,
      `/profile/${member.username}`,
      '/terms',
      '/privacy',
      '/forgot-password',
      '/nope',
    ];
    for (const path of visitorPages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await test.step(`visitor ${path}`, () => expectAccessible(page));
    }

    await signIn(page, member);
    const memberPages = [
      '/home',
      '/profile',
      '/settings',
      '/notification',
      '/chat',
      '/create-post',
      `/posts/${post.id}`,
    ];
    for (const path of memberPages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main')).toBeVisible();
      await test.step(`member ${path}`, () => expectAccessible(page));
    }
  });
}
