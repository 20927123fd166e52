import { expect, test } from '@playwright/test';
import { createMember, createPost, makePhoto, signIn } from '../fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({ ...PHONE, geolocation: { latitude: 33.7, longitude: -117.81 }, permissions: ['geolocation'] });

test('phone: a mixed selection keeps the good photos and names each bad one; a typed place survives a failed geocode; the nearest city is offered', async ({
  page,
  request,
}) => {
  // A member already posts from Irvine, with coordinates: the city the server can offer.
  const local = await createMember(request, 'loc');
  await createPost(request, local, {
    title: `Irvine morning ${Date.now()}`,
    city: 'Irvine',
    coordinates: { latitude: 33.6846, longitude: -117.8265 },
  });
  const member = await createMember(request, 'fc');
  await signIn(page, member);
  await page.goto('/create-post');

  // Three files in one pick: a photo, a text file renamed .jpg and one too large. The photo stays.
  const photo = await makePhoto(7);
  const tooLarge = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]);
  await page.getByLabel('Choose images').setInputFiles([
    { name: 'beach.png', mimeType: 'image/png', buffer: photo },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('shopping list, not a photo') },
    { name: 'huge.png', mimeType: 'image/png', buffer: tooLarge },
  ]);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('notes.jpg: Please select only image files');
  await expect(alert).toContainText('huge.png: Each image should be less than 10MB');
  const selected = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
  await expect(selected).toHaveCount(1);
  await expect(selected.getByRole('img')).toHaveAttribute('alt', /beach\.png/);

  // The geocoder is unreachable here (GEOCODER_URL points at nothing): the typed place stays.
  const place = page.getByLabel('Location', { exact: true });
  await place.fill('Irvine, CA');
  await page.getByRole('button', { name: 'Use current location' }).click();
  await expect(page.getByText('Failed to get address for current location')).toBeVisible();
  await expect(page.getByText('Your position: 33.70000, -117.81000')).toBeVisible();
  await expect(place).toHaveValue('Irvine, CA');

  // With nothing typed, the nearest city members post from is offered; coordinates stay a hint.
  await page.getByRole('button', { name: 'Clear location' }).click();
  await page.getByRole('button', { name: 'Use current location' }).click();
  await expect(page.getByText('Nearest city with posts: Irvine')).toBeVisible();
  await expect(place).toHaveValue('');
  await page.getByRole('button', { name: 'Use Irvine' }).click();
  await expect(place).toHaveValue('Irvine');

  const title = `Tide pools ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Low tide, bright morning.');
  await page.getByLabel('Category').selectOption('Travel');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();

  // The post has its city, so Explore lists it.
  const res = await request.get('/api/posts?city=Irvine&limit=10');
  const body = (await res.json()) as {
    posts: Array<{ title: string; city: string | null; media: { images: unknown[] } }>;
  };
  const made = body.posts.find((p) => p.title === title);
  expect(made?.city).toBe('Irvine');
  expect(made?.media.images).toHaveLength(1);
});
