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
  // Each member signs up from an address of its own (registrations are limited per address; the
  // e2e server believes X-Forwarded-For from loopback).
  const address = `10.${process.pid & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await request.post('/api/users', {
    data: { email, username, password },
    headers: { 'x-forwarded-for': address },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, username, email, password, token: body.token };
}

/** The first admin of the run (ADMIN_EMAILS in playwright.config.ts): registered once, then signed in. */
export async function adminMember(request: APIRequestContext): Promise<TestMember> {
  const email = 'e2e_admin@gmail.com';
  const username = 'e2e_admin';
  const password = 'secret123';
  const registered = await request.post('/api/users', { data: { email, username, password } });
  const res = registered.ok()
    ? registered
    : await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const body = (await res.json()) as {
    user: { id: string; moderation: { isAdmin: boolean } };
    token: string;
  };
  expect(body.user.moderation.isAdmin).toBe(true);
  return { id: body.user.id, username, email, password, token: body.token };
}

/** Signs a member in the way the app does: the token in localStorage under `token`. */
export async function signIn(page: Page, member: TestMember): Promise<void> {
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
}

/** axe-core: no serious or critical violation on the current page. */
export async function expectAccessible(page: Page, opts: { rules?: string[] } = {}): Promise<void> {
  // A dialog or menu still fading in blends its colours with what is behind: axe would measure
  // a contrast nobody sees. Wait for every finite animation (not spinners) to end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  const results = await (opts.rules ? builder.withRules(opts.rules) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** A small real photo-like PNG (a gradient with a block of colour), different per `seed`. */
export async function makePhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},70%,40%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${(seed * 97) % width}" cy="${height / 3}" r="${60 + (seed % 40)}" fill="white" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface CreatedPost {
  id: string;
  title: string;
}

/** Uploads `images` photos and creates a post through the API, as the member. */
export async function createPost(
  request: APIRequestContext,
  member: TestMember,
  opts: {
    title: string;
    content?: string;
    category?: string;
    city?: string;
    /** Where the post was made (with `city`). */
    coordinates?: { latitude: number; longitude: number };
    tags?: string[];
    images?: number;
    /** The photos' size in pixels (800 x 600 unless given). */
    photoSize?: { width: number; height: number };
    privacy?: string;
    /** Members tagged in the post. */
    taggedUserIds?: string[];
  },
): Promise<CreatedPost> {
  const auth = { authorization: `Bearer ${member.token}` };
  const images: Array<{ url: string }> = [];
  const count = opts.images ?? 1;
  if (count > 0) {
    const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
    // Playwright's multipart takes one value per field name, so upload one file per request.
    for (let i = 0; i < count; i++) {
      multipart.media = {
        name: `photo-${i}.png`,
        mimeType: 'image/png',
        buffer: await makePhoto(i + opts.title.length, opts.photoSize?.width, opts.photoSize?.height),
      };
      const res = await request.post('/api/posts/upload-media', { headers: auth, multipart });
      expect(res.status(), await res.text()).toBe(200);
      const body = (await res.json()) as { media: Array<{ url: string }> };
      images.push({ url: body.media[0]!.url });
    }
  }
  const res = await request.post('/api/posts', {
    headers: auth,
    data: {
      title: opts.title,
      content: opts.content ?? `${opts.title} — a few words about it.`,
      category: opts.category ?? 'Travel',
      tags: opts.tags ?? [],
      privacy: opts.privacy ?? 'public',
      media: { images },
      location: opts.city
        ? {
            name: opts.city,
            coordinates: opts.coordinates ?? null,
            address: { street: '', city: opts.city, state: '', country: '', zipCode: '' },
          }
        : undefined,
      ...(opts.taggedUserIds ? { taggedUserIds: opts.taggedUserIds } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { post: { id: string } };
  return { id: body.post.id, title: opts.title };
}
