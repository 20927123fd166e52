import { expect, test } from '@playwright/test';
import { createMember, signIn } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('phone: a conversation has an address that survives a reload; Back returns to the list', async ({
  page,
  request,
}) => {
  const me = await createMember(request, 'ca');
  const friend = await createMember(request, 'cb');
  const made = await request.post('/api/chats', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { participantId: friend.id },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const chatId = ((await made.json()) as { id: string }).id;

  await signIn(page, me);
  await page.goto('/chat');
  await page.getByRole('button', { name: new RegExp(friend.username) }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  // The conversation has the screen: neither the global header nor the tab bar shows.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  await expect(composer).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(composer).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(friend.username) })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
});
