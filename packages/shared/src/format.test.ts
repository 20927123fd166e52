import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  formatCardDate,
  formatRelativeTime,
  makeExcerpt,
  mentionedUsernames,
  parseRichText,
  tagsWithHashtags,
  titleCaseWords,
} from './format.js';
import { MAX_MENTIONS_PER_TEXT } from './constants.js';

describe('abbreviateCount', () => {
  it.each([
    [999, '999'],
    [1000, '1K'],
    [1050, '1.1K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
  ])('%d -> %s', (n, expected) => {
    expect(abbreviateCount(n)).toBe(expected);
  });
});

describe('formatCardDate', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('says Just now under an hour', () => {
    expect(formatCardDate(new Date(now.getTime() - 59 * 60_000), now)).toBe('Just now');
  });
  it('says hours under a day', () => {
    expect(formatCardDate(new Date(now.getTime() - 5 * 3_600_000), now)).toBe('5h ago');
  });
  it('says days under 168 hours', () => {
    expect(formatCardDate(new Date(now.getTime() - 167 * 3_600_000), now)).toBe('6d ago');
  });
  it('falls back to a locale date', () => {
    const old = new Date(now.getTime() - 200 * 3_600_000);
    expect(formatCardDate(old, now)).toBe(old.toLocaleDateString());
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 30_000), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() - 60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 86_400_000), now)).toBe('2 days ago');
  });
});

describe('makeExcerpt', () => {
  it('keeps short content and cuts long content at 100 characters plus an ellipsis', () => {
    expect(makeExcerpt('short')).toBe('short');
    const long = 'a'.repeat(150);
    expect(makeExcerpt(long)).toBe(`${'a'.repeat(100)}…`);
  });
});

describe('titleCaseWords', () => {
  it('title-cases each word', () => {
    expect(titleCaseWords('  new   YORK city ')).toBe('New York City');
  });
});

describe('mentionedUsernames', () => {
  it('finds distinct @usernames, not email addresses or too-short names', () => {
    expect(mentionedUsernames('hi @ava_1, @Ben and @ava_1 again; mail x@cid.com @ab @AVA_1')).toEqual([
      'ava_1',
      'Ben',
    ]);
    expect(mentionedUsernames('(@dan) @eve.')).toEqual(['dan', 'eve']);
  });

  it('stops at MAX_MENTIONS_PER_TEXT', () => {
    const text = Array.from({ length: MAX_MENTIONS_PER_TEXT + 5 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedUsernames(text)).toHaveLength(MAX_MENTIONS_PER_TEXT);
  });
});

describe('parseRichText', () => {
  it('splits text into text, #tag and @mention parts, keeping every character', () => {
    const text = 'Sunset #golden_hour with @ava_1 at #Lisboa, mail x@cid.com & C# &#39;s #';
    const parts = parseRichText(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'tag', text: '#golden_hour', tag: 'golden_hour' },
      { kind: 'mention', text: '@ava_1', username: 'ava_1' },
      { kind: 'tag', text: '#Lisboa', tag: 'Lisboa' },
    ]);
  });

  it('reads tags in any script and never turns markup into anything but text', () => {
    expect(parseRichText('#café #東京')).toEqual([
      { kind: 'tag', text: '#café', tag: 'café' },
      { kind: 'text', text: ' ' },
      { kind: 'tag', text: '#東京', tag: '東京' },
    ]);
    // Markup in a caption stays text around the parts (the web renders text nodes, never HTML).
    expect(parseRichText('<a href="javascript:x">#x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:x">' },
      { kind: 'tag', text: '#x', tag: 'x' },
      { kind: 'text', text: '</a>' },
    ]);
    expect(parseRichText(`#${'a'.repeat(31)}`)).toEqual([{ kind: 'text', text: `#${'a'.repeat(31)}` }]);
  });
});

describe('tagsWithHashtags', () => {
  it('adds the caption\u2019s #tags after the given ones, once each, at most MAX_TAGS', () => {
    expect(tagsWithHashtags(['Sea'], 'At the #sea and #Pier, #pier again')).toEqual(['Sea', 'Pier']);
    const many = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(tagsWithHashtags(many, '#extra')).toEqual(many);
  });
});
