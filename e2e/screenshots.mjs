#!/usr/bin/env node
// Screenshots of every route at phone and desktop width, light and dark, for a person to look at
// (not a test: it asserts nothing). Run it against a seeded server, e.g.
//   PORT=4310 DATA_DIR=$(mktemp -d) node scripts/start.mjs
//   node e2e/screenshots.mjs --base http://127.0.0.1:4310 --password <demo password> --out /tmp/shots
// It signs in as the demo member `ava` and writes <out>/<width>-<theme>-<name>.png.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:4000' },
    password: { type: 'string' },
    email: { type: 'string', default: 'ava.chen@gmail.com' },
    out: { type: 'string', default: 'screenshots' },
    only: { type: 'string' },
  },
});
if (!values.password) throw new Error('--password <the demo password> is required');
fs.mkdirSync(values.out, { recursive: true });

const VIEWPORTS = [
  { name: '390', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: '1280', width: 1280, height: 800, isMobile: false, hasTouch: false },
];
const THEMES = ['light', 'dark'];

async function api(pathname, init = {}) {
  const res = await fetch(`${values.base}/api${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json();
}

const { token, user } = await api('/auth/login', {
  method: 'POST',
  body: JSON.stringify({ email: values.email, password: values.password }),
});
const auth = { authorization: `Bearer ${token}` };
const feed = await api('/posts?limit=30&sort=newest');
const multi = feed.posts.find((p) => p.media.images.length > 1) ?? feed.posts[0];
const chats = await api('/chats', { headers: auth });
const other = feed.posts.find((p) => p.author.id !== user.id)?.author.username ?? 'liam';

/** name, path, signed in? (or a token), an optional step after load, options. */
// A brand-new member, for the empty Following tab.
const fresh = `shot_${Date.now().toString(36)}`;
const newcomer = await api('/users', {
  method: 'POST',
  body: JSON.stringify({ email: `${fresh}@gmail.com`, username: fresh, password: 'secret123' }),
});

/** Holds every API answer matching `pattern`, so the page shows its loading state. */
const hold = (pattern) => async (page, route) => {
  await page.route(pattern, () => undefined);
  await page.goto(route);
  await page.waitForTimeout(600);
  // Left in place until the next route (unrouting now would let the held answers through).
};

const ROUTES = [
  ['home-visitor', '/home', false],
  ['login', '/login', false],
  ['register', '/register', false],
  ['forgot-password', '/forgot-password', false],
  ['terms', '/terms', false],
  ['privacy', '/privacy', false],
  ['not-found', '/nope', false],
  ['home', '/home', true],
  ['home-following', '/home?tab=following', true],
  ['post-modal', `/home?post=${multi.id}`, true],
  [
    'viewer',
    `/posts/${multi.id}`,
    true,
    async (page) => {
      // Desktop: the first gallery tile; phone: the swipe strip (a tap opens the viewer).
      await page
        .locator('main [data-layout="strip"] [data-swipe-track], main button[aria-label^="View photo 1 of"]')
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
    },
  ],
  ['post-page', `/posts/${multi.id}`, true],
  ['profile-own', '/profile', true],
  ['profile-other', `/profile/${other}`, true],
  ['explore', '/explore', true],
  ['search', '/search?q=coast', true],
  ['notification', '/notification', true],
  ['chat', '/chat', true],
  ...(chats[0]
    ? [
        [
          'chat-open',
          '/chat',
          true,
          async (page) => {
            await page
              .getByRole('region', { name: 'Conversations' })
              .or(page.locator('aside[aria-label="Conversations"]'))
              .locator('ul button')
              .first()
              .click();
            await page.waitForTimeout(800);
          },
        ],
      ]
    : []),
  ['create-post', '/create-post', true],
  ['settings', '/settings', true],
  ['settings-account', '/settings?section=account', true],
  ['settings-display', '/settings?section=display', true],
  ['settings-notifications', '/settings?section=notifications', true],
  ['settings-privacy', '/settings?section=privacy', true],
  ['settings-security', '/settings?section=security', true],
  ['reset-password', '/reset-password?token=not-a-real-token', false],
  ['following-empty', '/home?tab=following', newcomer.token],
  ['loading-feed', '/home', true, hold(/\/api\/posts\?/), { navigates: true }],
  ['loading-post', `/posts/${multi.id}`, true, hold(/\/api\/posts\/[0-9a-f]{24}$/), { navigates: true }],
  ['loading-profile', `/profile/${other}`, true, hold(/\/api\/users\/profile\//), { navigates: true }],
  ['loading-chat', '/chat', true, hold(/\/api\/chats$/), { navigates: true }],
  [
    'offline',
    '/home',
    true,
    async (page) => {
      await page.context().setOffline(true);
      await page.waitForTimeout(300);
    },
  ],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.isMobile,
        hasTouch: viewport.hasTouch,
        colorScheme: theme,
        baseURL: values.base,
      });
      const page = await context.newPage();
      for (const [name, route, signedIn, step, options = {}] of ROUTES) {
        if (values.only && !name.includes(values.only)) continue;
        await page.context().setOffline(false);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.goto('/terms');
        const session = typeof signedIn === 'string' ? signedIn : signedIn ? token : null;
        await page.evaluate(
          (t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')),
          session,
        );
        if (options.navigates) {
          await step(page, route);
        } else {
          await page.goto(route);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          if (step) await step(page);
        }
        await page.waitForTimeout(300);
        const file = path.join(values.out, `${viewport.name}-${theme}-${name}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
