import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminMember,
  createMember,
  createPost,
  expectAccessible,
  signIn,
  type TestMember,
} from '../fixtures';
import { giveCommentToRemote, giveToRemote, seedRemoteAccount, type RemoteAccount } from '../remote-accounts';

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** The rules whose answer can change with the theme: the page's structure is the same in both. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Each page is opened once per viewport and checked in both themes: the app follows the system
 * scheme live while the choice is "system", so switching the emulated scheme re-themes the page
 * in place. Every rule runs in the first theme, the colour rules in the second. Reduced motion
 * makes the switch instant, so axe never measures a colour in mid-transition.
 */
async function expectAccessibleInBothThemes(page: Page, step: string): Promise<void> {
  for (const [i, theme] of THEMES.entries()) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await test.step(`${step} (${theme})`, () =>
      expectAccessible(page, i === 0 ? {} : { rules: COLOUR_RULES }));
  }
}

/**
 * The member and post the sweep shows, made once for both viewports (one worker runs the file's
 * tests in order), so the feeds other specs read gain one post, not one per viewport.
 */
let content:
  | Promise<{
      member: TestMember;
      post: { id: string };
      tagged: { id: string };
      collectionId: string;
      remote: RemoteAccount;
      remotePost: { id: string };
    }>
  | undefined;
function sweepContent(request: APIRequestContext) {
  content ??= (async () => {
    const member = await createMember(request, 'axsweep');
    const post = await createPost(request, member, {
      title: `Accessible harbour ${Date.now()}`,
      city: 'Irvine',
      tags: ['harbour'],
      images: 2,
    });
    // A post of someone else's that tags the member (the tagged names, "Remove me", the Tagged tab).
    const friend = await createMember(request, 'axfriend');
    const tagged = await createPost(request, friend, {
      title: `Accessible picnic ${Date.now()}`,
      taggedUserIds: [member.id],
    });
    // The member's own collection (its page shows Rename and Delete).
    const res = await request.post('/api/collections', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { title: 'Harbours' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const collectionId = ((await res.json()) as { collection: { id: string } }).collection.id;
    // An account of another server (federation), with a post and a comment of its own.
    const remote = await seedRemoteAccount({
      name: `axremote_${Date.now().toString(36)}`,
      host: 'pixelfed.example',
      displayName: 'Remote Rita',
      bio: 'Photos from elsewhere.',
    });
    const remotePost = await createPost(request, friend, { title: `Accessible cove ${Date.now()}` });
    await giveToRemote(remotePost.id, remote);
    const comment = await request.post(`/api/posts/${remotePost.id}/comment`, {
      headers: { authorization: `Bearer ${friend.token}` },
      data: { content: 'Greetings from elsewhere' },
    });
    expect(comment.status(), await comment.text()).toBe(201);
    await giveCommentToRemote(((await comment.json()) as { comment: { id: string } }).comment.id, remote);
    return { member, post, tagged, collectionId, remote, remotePost };
  })();
  return content;
}

for (const viewport of VIEWPORTS)
  test(`axe finds no serious or critical violation on any page, light and dark (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ colorScheme: THEMES[0], reducedMotion: 'reduce' });
    const { member, post, tagged, collectionId, remote, remotePost } = await sweepContent(request);

    const visitorPages = [
      '/home',
      '/explore',
      '/search?q=harbour',
      '/login',
      '/register',
      `/posts/${post.id}`,
      `/profile/${member.username}`,
      `/profile/${remote.username}`,
      '/terms',
      '/privacy',
      '/forgot-password',
      '/reset-password?token=e2e-sweep',
      '/nope',
    ];
    for (const path of visitorPages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessibleInBothThemes(page, `visitor ${path}`);
    }

    await signIn(page, member);
    const memberPages = [
      '/home',
      '/home?tab=following',
      `/home?post=${post.id}`,
      '/profile',
      '/settings',
      '/settings?section=account',
      '/settings?section=privacy',
      '/settings?section=security',
      '/settings?section=display',
      '/settings?section=blocking',
      '/moderation',
      '/notification',
      '/chat',
      '/create-post',
      `/posts/${post.id}`,
      `/posts/${tagged.id}`,
      '/profile?tab=tagged',
      '/profile?tab=collections',
      `/collections/${collectionId}`,
      `/profile/${remote.username}`,
      `/posts/${remotePost.id}`,
    ];
    for (const path of memberPages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // With the post's dialog open the page behind it is hidden from assistive technology.
      await expect(path.includes('?post=') ? page.getByRole('dialog') : page.getByRole('main')).toBeVisible();
      await expectAccessibleInBothThemes(page, `member ${path}`);
    }

    // The moderation page as the admin (queue, roles, federation policies, audit), with one open
    // report in the queue and one domain policy.
    await request.post('/api/reports', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { targetType: 'user', targetId: (await adminMember(request)).id, reason: 'other' },
    });
    const policy = await request.put('/api/admin/federation/domains/spam.example', {
      headers: { authorization: `Bearer ${(await adminMember(request)).token}` },
      data: { level: 'silence' },
    });
    expect(policy.status()).toBe(200);
    await signIn(page, await adminMember(request));
    await page.goto('/moderation');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Domain policies' })).toContainText('spam.example');
    await expectAccessibleInBothThemes(page, 'admin /moderation');
    await signIn(page, member);
    await page.goto(`/posts/${post.id}`);
    await page.waitForLoadState('networkidle');

    // The full-size viewer over the post page.
    await page
      .locator('main [data-layout="strip"] [data-swipe-track], main button[aria-label^="View photo 1 of"]')
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /: photos$/ })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'viewer');
  });
