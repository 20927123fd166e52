import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { createMember, createPost, signIn } from '../fixtures';

/** The names of a zip's entries. */
function entryNames(data: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('Settings → Account: download my data as a zip, then delete the account for good', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'yd');
  const post = await createPost(request, member, { title: `Last light ${Date.now()}`, images: 1 });
  await signIn(page, member);
  await page.goto('/settings?section=account');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^glimpse-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  expect((await entryNames(Buffer.concat(chunks))).sort()).toEqual(
    [
      'collections.json',
      'comments.json',
      'followers.json',
      'following.json',
      'messages.json',
      'posts.json',
      'profile.json',
      'saved.json',
      'tagged.json',
      `media/${post.id}-1.webp`,
    ].sort(),
  );
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('all your posts and their photos');
  await dialog.getByLabel('Enter your password to confirm').fill('not-it');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Enter your password to confirm').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // Gone for everyone: the profile, the post, the token; the name can be taken again.
  expect((await request.get(`/api/users/profile/${member.username}`)).status()).toBe(404);
  expect((await request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  expect(
    (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${member.token}` } })).status(),
  ).toBe(401);
  // From an address of its own, as createMember does: registrations are limited per address.
  const again = await request.post('/api/users', {
    headers: { 'x-forwarded-for': '10.254.0.1' },
    data: { email: member.email, username: member.username, password: 'secret123' },
  });
  expect(again.status()).toBe(201);
});
