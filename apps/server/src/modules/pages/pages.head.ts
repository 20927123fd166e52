import { PAGE_MSG, type PostImage } from '@glimpse/shared';

/** An image a link preview shows: an absolute URL with its size and a text for those who cannot see it. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The `<head>` of a server-answered page: what a pasted link shows (Open Graph, Twitter card). */
export interface PageHead {
  /** The whole title, " · Glimpse" included. */
  title: string;
  description: string;
  /** Absolute URL of the page as it should be linked. */
  canonical: string;
  type: 'website' | 'article' | 'profile';
  image: PreviewImage | null;
  /** Extra `og:`/`article:`/`profile:` properties (e.g. article:published_time). */
  properties?: Array<[string, string]>;
  /** schema.org data (JSON-LD), written into a data block no browser runs. */
  jsonLd?: Record<string, unknown>;
}

/** The widest a link preview needs: Open Graph's large card is 1200 px wide; 1080 is ours. */
export const PREVIEW_MIN_WIDTH = 1080;
/** Longest description written into the head (crawlers cut near 160-200 characters). */
export const DESCRIPTION_MAX_LENGTH = 200;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML text node or a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the inside of a `<script>` element: no `<` can close it (`</script>`, `<!--`) and the
 * line separators JavaScript once refused are escaped. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

/** One line of text at most `max` characters long, cut at a word with an ellipsis. */
export function shortText(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * The copy of a post image a preview shows: the narrowest at least PREVIEW_MIN_WIDTH wide, else
 * (an image uploaded smaller) the widest there is. Its height follows the image's proportions.
 */
export function previewImageOf(image: PostImage, alt: string): PreviewImage {
  const copies = [...image.variants, { width: image.width, url: image.url }].sort(
    (a, b) => a.width - b.width,
  );
  const chosen = copies.find((c) => c.width >= PREVIEW_MIN_WIDTH) ?? copies[copies.length - 1]!;
  const height = image.width > 0 ? Math.round((chosen.width * image.height) / image.width) : image.height;
  return { url: chosen.url, width: chosen.width, height, alt: image.altText.trim() || alt };
}

const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;

/** The tags of `head`, one per line, every value escaped. */
export function renderHeadTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', PAGE_MSG.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:width', head.image.width),
      meta('property', 'og:image:height', head.image.height),
      meta('property', 'og:image:alt', head.image.alt),
    );
  }
  for (const [key, value] of head.properties ?? []) tags.push(meta('property', key, value));
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) {
    tags.push(
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/**
 * index.html with its own title and description replaced by `tags` (the rest of its head, the
 * scripts and the styles stay as the build wrote them).
 */
export function withHeadTags(indexHtml: string, tags: string): string {
  const stripped = indexHtml
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at >= 0) return `${stripped.slice(0, at)}  ${tags}\n  ${stripped.slice(at)}`;
  // A head-less document (no </head>): the tags go right after the doctype.
  const doctype = /^<!doctype html>/i.exec(stripped)?.[0] ?? '';
  return `${doctype}${tags}${stripped.slice(doctype.length)}`;
}

/** The id the web app reads its handed-over queries from (apps/web/src/app/App.tsx). */
export const HANDED_OVER_STATE_ID = 'glimpse-state';

export const stylesheetTag = (href: string) =>
  `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`;
export const modulePreloadTag = (href: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`;

/** Marks the end of the renderer's inline scripts; the head's `expect` link names it. */
const SCRIPTS_DONE_ID = 'glimpse-scripts-done';

/**
 * Holds the first paint until the renderer's inline scripts ran (`<link rel=expect
 * blocking=render>`): Chrome yields its parser early to paint sooner, which could show the
 * page before a script after the root sized it. Browsers without it ignore the link.
 */
export const RENDER_BLOCKING_EXPECT_TAG = `<link rel="expect" href="#${SCRIPTS_DONE_ID}" blocking="render" />`;

/**
 * What follows the rendered root: the renderer's inline scripts (its own text, never user data),
 * their end mark, then the handed-over state; every script with the answer's nonce.
 */
export function afterRoot(scripts: readonly string[], state: string, nonce: string): string {
  if (scripts.length === 0) return state;
  const inline = scripts.map(
    (script) => `<script nonce="${nonce}">${script.replaceAll('</', '<\\/')}</script>`,
  );
  return `${inline.join('')}<template id="${SCRIPTS_DONE_ID}"></template>${state}`;
}

/** The queries a rendered page was made from, as a data block (never run) carrying the answer's nonce. */
export function stateScript(state: unknown, nonce: string): string {
  return `<script type="application/json" id="${HANDED_OVER_STATE_ID}" nonce="${nonce}">${jsonForScript(state)}</script>`;
}

/** index.html with the rendered page inside `<div id="root">` and `after` right behind it. */
export function withRenderedRoot(indexHtml: string, rootHtml: string, after: string): string {
  const empty = '<div id="root"></div>';
  const at = indexHtml.indexOf(empty);
  if (at < 0) throw new Error('index.html has no empty <div id="root"></div>');
  return `${indexHtml.slice(0, at)}<div id="root">${rootHtml}</div>${after}${indexHtml.slice(at + empty.length)}`;
}
