import {
  EXCERPT_LENGTH,
  MAX_MENTIONS_PER_TEXT,
  MAX_TAGS,
  SHARE_DESCRIPTION_LENGTH,
  TAG_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';
import { JUST_NOW } from './format-card.js';

// The card's own formats are a module apart: the web app's first screen carries only those.
export * from './format-card.js';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** First `max` characters plus an ellipsis when the text is longer (SPEC §9). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** The excerpt/caption fallback: first 100 characters of content plus "…". */
export function makeExcerpt(content: string): string {
  return truncateText(content.replace(/\s+/g, ' ').trim(), EXCERPT_LENGTH);
}

export function makeShareDescription(content: string): string {
  return truncateText(content.replace(/\s+/g, ' ').trim(), SHARE_DESCRIPTION_LENGTH);
}

/** Feed/comment relative time: "Just now", then minutes, hours, days ago. */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const diff = Math.max(0, now.getTime() - date.getTime());
  if (diff < MINUTE_MS) return JUST_NOW;
  if (diff < HOUR_MS) return plural(Math.floor(diff / MINUTE_MS), 'minute');
  if (diff < DAY_MS) return plural(Math.floor(diff / HOUR_MS), 'hour');
  return plural(Math.floor(diff / DAY_MS), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Chat list time: time of day today, "Yesterday", short weekday within 7 days, else month and day. */
export function formatChatTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const t = date.getTime();
  if (t >= startOfToday) return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (t >= startOfToday - DAY_MS) return 'Yesterday';
  if (t >= startOfToday - 6 * DAY_MS) return date.toLocaleDateString([], { weekday: 'short' });
  return date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

/** "Joined March 2026". */
export function formatJoined(iso: string): string {
  return `Joined ${new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`;
}

/** Title-cases each word: "new  york" -> "New York" (Explore submit). */
export function titleCaseWords(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/**
 * The distinct `@username`s of a text (case-insensitive, first spelling kept, in order), at most
 * MAX_MENTIONS_PER_TEXT. An `@` inside a word (an email address) is not a mention.
 */
export function mentionedUsernames(text: string): string[] {
  const found = new Map<string, string>();
  const re = new RegExp(
    `(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}})(?![A-Za-z0-9_])`,
    'g',
  );
  for (const match of text.matchAll(re)) {
    const name = match[1]!;
    if (!found.has(name.toLowerCase())) found.set(name.toLowerCase(), name);
    if (found.size >= MAX_MENTIONS_PER_TEXT) break;
  }
  return [...found.values()];
}

/** A piece of a caption or comment: plain text, a `#tag` or an `@username`. */
export type RichTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

/**
 * Splits plain text into text, `#tag` and `@username` parts (the web turns the last two into
 * links). It reads text only, never HTML: the parts are shown as text, so nothing in a caption
 * can become markup. A `#` or `@` inside a word (an email address, `&#39;`, `C#`) starts nothing;
 * a tag is letters, digits and `_` of any script, at most TAG_MAX_LENGTH; a mention follows the
 * username rules (mentionedUsernames).
 */
export function parseRichText(text: string): RichTextPart[] {
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}_&#@])#([\\p{L}\\p{M}\\p{N}_]{1,${TAG_MAX_LENGTH}})(?![\\p{L}\\p{M}\\p{N}_])` +
      `|(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}})(?![A-Za-z0-9_])`,
    'gu',
  );
  const parts: RichTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(re)) {
    const start = match.index;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    if (match[1] !== undefined) parts.push({ kind: 'tag', text: match[0], tag: match[1] });
    else parts.push({ kind: 'mention', text: match[0], username: match[2]! });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * A post's tags: the ones given, then the caption's `#tags` not already among them
 * (case-insensitive, first spelling kept), at most MAX_TAGS. A `#tag` in a caption is then a tag
 * of the post, so its link always reaches a page that lists the post.
 */
export function tagsWithHashtags(tags: readonly string[], content: string): string[] {
  const seen = new Set(tags.map((t) => t.toLowerCase()));
  const merged = [...tags];
  for (const part of parseRichText(content)) {
    if (part.kind !== 'tag' || seen.has(part.tag.toLowerCase())) continue;
    seen.add(part.tag.toLowerCase());
    merged.push(part.tag);
  }
  return merged.slice(0, MAX_TAGS);
}
