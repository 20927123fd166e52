import { expect, test } from '@playwright/test';
import { createMember, expectAccessible, makePhoto, signIn } from '../fixtures';

test('a half-written post survives a reload (photos and alt text included), then posts and is gone', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'dr');
  const title = `Lantern festival ${Date.now()}`;
  await signIn(page, member);
  await page.goto('/create-post');

  await page.getByLabel('Choose images').setInputFiles(
    await Promise.all(
      [1, 2].map(async (i) => ({
        name: `lantern-${i}.png`,
        mimeType: 'image/png',
        buffer: await makePhoto(i + 30),
      })),
    ),
  );
  await page.getByLabel('Alt text for image 1').fill('Red paper lanterns over a narrow street');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Hundreds of lanterns after dark.');
  await page.getByLabel('Tags').fill('lanterns, night');
  await page.getByLabel('Category').selectOption('Travel');
  await page.getByLabel('Privacy').selectOption('followers');
  await page.getByPlaceholder('Add a city').fill('Tainan');
  await expect(page.getByText('Draft saved on this device')).toBeVisible();

  await page.reload();
  await expect(page.getByText('We restored your unfinished post.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Description')).toHaveValue('Hundreds of lanterns after dark.');
  await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue('lanterns, night');
  await expect(page.getByLabel('Category')).toHaveValue('Travel');
  await expect(page.getByLabel('Privacy')).toHaveValue('followers');
  await expect(page.getByPlaceholder('Add a city')).toHaveValue('Tainan');
  const previews = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
  await expect(previews).toHaveCount(2);
  await expect(page.getByLabel('Alt text for image 1')).toHaveValue(
    'Red paper lanterns over a narrow street',
  );
  // The previews are the restored files, drawn.
  await expect
    .poll(() =>
      previews
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
  const card = page.locator('article[data-post-card]').filter({ hasText: title });
  await expect(
    card.getByRole('img', { name: 'Red paper lanterns over a narrow street' }).first(),
  ).toBeVisible();

  await page.goto('/create-post');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByText('We restored your unfinished post.')).toBeHidden();
});
