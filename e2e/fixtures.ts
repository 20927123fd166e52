import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestMember {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** A fresh member through the real API (unique per run and per call). */
export async function createMember(request: APIRequestContext, prefix = 'member'): Promise<TestMember> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const username = `${prefix}_${tag}`.slice(0, 30);
  const email = `${username}@gmail.com`;
  const password = 'secret123';
  const res = await request.post('/api/users', { data: { email, username, password } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, username, email, password, token: body.token };
}

/** Signs a member in the way the app does: the token in localStorage under `token`. */
export async function signIn(page: Page, member: TestMember): Promise<void> {
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
}

/** axe-core: no serious or critical violation on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
  ).toEqual([]);
}
