import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post, UploadedMedia } from '@glimpse/shared';
import { posts, users } from '../../db/schema/index.js';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { multipart, solidImage } from '../media/media.fixtures.js';
import { createPostViaApi } from '../posts/posts.fixtures.js';
import { upsertRemoteAccount } from '../federation/federation.repo.js';

/** index.html as the web build writes it: its own title and description, the app's script. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Glimpse: share photos and moments with the people you follow." />
    <script src="/theme-init.js"></script>
    <title>Glimpse</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A title that tries to end the JSON-LD block and the attribute it lands in. */
const HOSTILE_TITLE = `Sunset </script><script>alert("x")</script> & 'quotes'`;

let t: TestApp;
let webDist: string;
let author: SeededUser;
let post: Post;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-pages-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST: webDist });
  author = await seedUser(t, {
    username: 'ana',
    displayName: 'Ana "the" Author',
    bio: 'Light <b>chaser</b>.',
  });
  const body = multipart([{ data: await solidImage(1400, 1000) }]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...author.auth, ...body.headers },
    payload: body.payload,
  });
  expect(upload.statusCode).toBe(200);
  const [media] = upload.json<{ media: UploadedMedia[] }>().media;
  post = await createPostViaApi(t, author, {
    title: HOSTILE_TITLE,
    content: 'Golden hour at the pier, </script> and all.',
    tags: ['sea'],
    media: { images: [{ url: media!.url, altText: 'The pier at dusk' }] },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The head's meta values by name/property (decoding the few entities the server writes). */
function metaOf(html: string): Map<string, string[]> {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const found = new Map<string, string[]>();
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    found.set(m[1]!, [...(found.get(m[1]!) ?? []), decode(m[2]!)]);
  }
  return found;
}
const one = (meta: Map<string, string[]>, key: string) => meta.get(key)?.[0];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
};

describe('a post page', () => {
  it('answers 200 HTML whose head previews the post: title, description, canonical, Open Graph, Twitter, JSON-LD', async () => {
    const res = await get(`/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    // The build's own head stays (scripts, charset); its generic title and description are replaced.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    // Escaped everywhere: nothing the author wrote opens or closes an element.
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(3); // theme-init, the app, the JSON-LD block
    expect(titleOf(html)).toBe(
      'Sunset &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; · Glimpse',
    );

    const meta = metaOf(html);
    expect(one(meta, 'description')).toBe('Golden hour at the pier, </script> and all.');
    expect(canonicalOf(html)).toBe(`http://glimpse.test/posts/${post.id}`);
    expect(one(meta, 'og:type')).toBe('article');
    expect(one(meta, 'og:site_name')).toBe('Glimpse');
    expect(one(meta, 'og:title')).toBe(`${HOSTILE_TITLE} · Glimpse`);
    expect(one(meta, 'og:url')).toBe(`http://glimpse.test/posts/${post.id}`);
    // The 1080 px copy (the narrowest at least 1080 wide), absolute, with its own size.
    const image = post.media.images[0]!;
    const wide = image.variants.find((v) => v.width === 1080)!;
    expect(one(meta, 'og:image')).toBe(wide.url);
    expect(one(meta, 'og:image')).toMatch(/^http:\/\/glimpse\.test\/media\//);
    expect(one(meta, 'og:image:width')).toBe('1080');
    expect(one(meta, 'og:image:height')).toBe(String(Math.round((1080 * 1000) / 1400)));
    expect(one(meta, 'og:image:alt')).toBe('The pier at dusk');
    expect(one(meta, 'twitter:card')).toBe('summary_large_image');
    expect(one(meta, 'twitter:image')).toBe(wide.url);
    expect(one(meta, 'article:published_time')).toBe(post.createdAt);
    expect(meta.get('article:tag')).toEqual(['sea']);

    const ld = jsonLdOf(html)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SocialMediaPosting',
      headline: HOSTILE_TITLE,
      articleBody: 'Golden hour at the pier, </script> and all.',
      datePublished: post.createdAt,
      url: `http://glimpse.test/posts/${post.id}`,
      author: { '@type': 'Person', name: 'Ana "the" Author', url: 'http://glimpse.test/profile/ana' },
      image: { url: wide.url, width: 1080 },
    });
    expect(ld.interactionStatistic).toEqual(
      ['LikeAction', 'CommentAction', 'ShareAction'].map((action) => ({
        '@type': 'InteractionCounter',
        interactionType: `https://schema.org/${action}`,
        userInteractionCount: 0,
      })),
    );
  });

  it.each([
    ['an unknown id', () => '65a1b2c3d4e5f6a1b2c3d4e5'],
    ['a malformed id', () => 'not-an-id'],
  ])('answers %s with the 404 page', async (_what, id) => {
    const res = await get(`/posts/${id()}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(res.body)).toBe('Page not found · Glimpse');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers a post only followers may see, or a removed one, with the same 404 page: nothing of it leaks', async () => {
    const hidden = await createPostViaApi(t, author, {
      title: 'Secret title',
      content: 'Secret body',
      privacy: 'followers',
    });
    const removed = await createPostViaApi(t, author, { title: 'Removed title', content: 'Removed body' });
    await t.database.db.update(posts).set({ removedAt: new Date() }).where(eq(posts.id, removed.id));
    const unknown = await get('/posts/65a1b2c3d4e5f6a1b2c3d4e5');
    for (const id of [hidden.id, removed.id]) {
      const res = await get(`/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/Secret|Removed|og:image|ld\+json/);
      // Byte for byte the unknown post's page, but for the id in the canonical link.
      expect(res.body.replaceAll(id, 'ID')).toBe(unknown.body.replaceAll('65a1b2c3d4e5f6a1b2c3d4e5', 'ID'));
    }
  });
});

describe('a profile page', () => {
  it('previews the member: name, counts and bio, their newest photo, og:type profile', async () => {
    const res = await get('/profile/ana');
    expect(res.statusCode).toBe(200);
    const meta = metaOf(res.body);
    expect(titleOf(res.body)).toBe('Ana &quot;the&quot; Author (@ana) · Glimpse');
    expect(one(meta, 'og:type')).toBe('profile');
    expect(one(meta, 'profile:username')).toBe('ana');
    expect(one(meta, 'description')).toBe('Light <b>chaser</b>. · 1 post, 0 followers on Glimpse.');
    expect(res.body).not.toContain('<b>');
    expect(canonicalOf(res.body)).toBe('http://glimpse.test/profile/ana');
    expect(one(meta, 'og:image:width')).toBe('1080');
    expect(one(meta, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLdOf(res.body)).toBeNull();
  });

  it('answers an unknown or suspended member with the 404 page', async () => {
    const suspended = await seedUser(t, { username: 'gone', displayName: 'Gone Member' });
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    for (const name of ['nobody-here', 'gone']) {
      const res = await get(`/profile/${name}`);
      expect(res.statusCode).toBe(404);
      expect(titleOf(res.body)).toBe('Page not found · Glimpse');
      expect(res.body).not.toContain('Gone Member');
    }
  });
});

describe("the profile page of another server's account (federation)", () => {
  it('previews it like a member, canonical at /profile/user@host; an unknown user@host is the 404 page', async () => {
    await t.database.db.transaction((tx) =>
      upsertRemoteAccount(tx, {
        uri: 'https://pixelfed.example/users/ava',
        inboxUri: 'https://pixelfed.example/users/ava/inbox',
        sharedInboxUri: null,
        profileUrl: 'https://pixelfed.example/ava',
        handle: 'ava@pixelfed.example',
        domain: 'pixelfed.example',
        displayName: 'Ava Lens',
        bio: 'Film photos from the coast.',
        avatarUrl: null,
        isPrivate: false,
      }),
    );
    const res = await get('/profile/ava@pixelfed.example');
    expect(res.statusCode).toBe(200);
    expect(canonicalOf(res.body)).toBe('http://glimpse.test/profile/ava@pixelfed.example');
    expect(one(metaOf(res.body), 'profile:username')).toBe('ava@pixelfed.example');
    expect(one(metaOf(res.body), 'og:description')).toContain('Film photos from the coast.');

    const missing = await get('/profile/nobody@pixelfed.example');
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe('Page not found · Glimpse');
  });
});

describe('the feed pages', () => {
  it('/home previews the newest public photo', async () => {
    const res = await get('/home');
    expect(res.statusCode).toBe(200);
    const meta = metaOf(res.body);
    expect(titleOf(res.body)).toBe('Home · Glimpse');
    expect(canonicalOf(res.body)).toBe('http://glimpse.test/home');
    expect(one(meta, 'og:type')).toBe('website');
    expect(one(meta, 'og:image:alt')).toBe('The pier at dusk');
  });

  it('/explore names its city (Irvine by default) and /search its query, escaped', async () => {
    expect(titleOf((await get('/explore')).body)).toBe('Explore Irvine · Glimpse');
    const paris = await get('/explore?city=Paris');
    expect(titleOf(paris.body)).toBe('Explore Paris · Glimpse');
    expect(canonicalOf(paris.body)).toBe('http://glimpse.test/explore?city=Paris');
    const search = await get(`/search?q=${encodeURIComponent('"><img src=x>')}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('<img');
    expect(titleOf(search.body)).toBe('Search: &quot;&gt;&lt;img src=x&gt; · Glimpse');
    expect(one(metaOf(search.body), 'twitter:card')).toBe('summary');
  });

  it('leaves other paths to the plain index.html', async () => {
    const res = await get('/settings');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('the page cache (FEED_CACHE_MS, per node)', () => {
  const WINDOW_MS = 1000;
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp(
      { WEB_DIST: webDist, FEED_CACHE_MS: String(WINDOW_MS) },
      { shareDatabaseWith: t },
    );
  });
  afterAll(async () => {
    await cached.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same page from memory within the window, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const fresh = await createPostViaApi(t, author, { title: 'Kept for a moment' });
    const page = () => cached.app.inject({ method: 'GET', url: `/posts/${fresh.id}` });
    expect((await page()).statusCode).toBe(200);
    await t.database.db.update(posts).set({ removedAt: new Date() }).where(eq(posts.id, fresh.id));
    const again = await page();
    expect(again.statusCode).toBe(200);
    expect(titleOf(again.body)).toBe('Kept for a moment · Glimpse');
    vi.advanceTimersByTime(WINDOW_MS + 1);
    expect((await page()).statusCode).toBe(404);
  });
});

describe('a page rendered by the web build renderer', () => {
  // A stand-in for apps/web/dist-ssr/entry-server.js (the real one is built by Vite and exercised
  // by e2e/posts/server-rendered.spec.ts): it asks the API through the transport it is given,
  // as the app's query functions do, and renders what it got.
  const RENDERER = `export async function render(url, origin, transport) {
    const res = await transport('/api/posts?limit=1', { method: 'GET' });
    const { posts } = await res.json();
    return {
      html: '<main style="aspect-ratio:1.5"><h1>' + posts[0].title.replace(/</g, '&lt;') + '</h1><p>' + url + '</p></main>',
      state: { queries: [{ queryKey: ['posts'], state: { data: posts[0].title } }] },
      scripts: ['window.sized = "</b>"'],
    };
  }`;
  const MANIFEST = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
    'src/features/post/PostPage.tsx': {
      file: 'assets/PostPage-2.js',
      src: 'src/features/post/PostPage.tsx',
      imports: ['_shared.js', 'index.html'],
      css: ['assets/PostPage-2.css'],
    },
  };
  let root: string;
  let rendered: TestApp;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-ssr-'));
    fs.mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
    rendered = await createTestApp({ WEB_DIST: path.join(root, 'dist') }, { shareDatabaseWith: t });
  });
  afterAll(async () => {
    await rendered.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts the page in the root, its state in a data block with the nonce the CSP names, its CSS in the head', async () => {
    const newest = await createPostViaApi(t, author, { title: 'Rendered <here>' });
    const res = await rendered.app.inject({ method: 'GET', url: `/posts/${post.id}` });
    expect(res.statusCode).toBe(200);
    // Rendered from the API's answer, reached in-process with the visitor's request.
    expect(res.body).toContain(
      `<div id="root"><main style="aspect-ratio:1.5"><h1>Rendered &lt;here></h1><p>/posts/${post.id}</p></main></div>`,
    );
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1]!;
    expect(res.body).toContain(
      `<script type="application/json" id="glimpse-state" nonce="${nonce}">{"queries":[{"queryKey":["posts"],"state":{"data":"Rendered \\u003chere\\u003e"}}]}</script>`,
    );
    // The renderer's inline script runs right after the root with the same nonce, and the head
    // holds the first paint until it ran (its end mark parsed).
    expect(res.body).toContain(
      `</div><script nonce="${nonce}">window.sized = "<\\/b>"</script><template id="glimpse-scripts-done"></template><script type="application/json"`,
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#glimpse-scripts-done" blocking="render" />');
    // The one style attribute is allowed by its hash, and nothing inline beyond it.
    const csp = res.headers['content-security-policy'] as string;
    const hash = createHash('sha256').update('aspect-ratio:1.5').digest('base64');
    expect(csp).toContain(`style-src-attr 'unsafe-hashes' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    // The page's own chunk and style sheets; the entry's are index.html's already.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/PostPage-2.css" />');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-1.css" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/PostPage-2.js" />');
    expect(res.body.match(/index-abc123\.js/g)).toHaveLength(1);
    // A new nonce for every answer.
    const again = await rendered.app.inject({ method: 'GET', url: `/posts/${post.id}` });
    expect(again.headers['content-security-policy']).not.toContain(nonce);
    expect(newest.title).toBe('Rendered <here>');
  });

  it('renders nothing for a 404, nor with a renderer older than the browser build', async () => {
    const missing = await rendered.app.inject({ method: 'GET', url: '/posts/65a1b2c3d4e5f6a1b2c3d4e5' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.headers['content-security-policy']).not.toContain('nonce-');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, 'dist-ssr', 'entry-server.js'), past, past);
    const stale = await rendered.app.inject({ method: 'GET', url: `/posts/${post.id}` });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<div id="root"></div>');
    expect(stale.body).toContain('<meta property="og:type" content="article" />');
  });
});
