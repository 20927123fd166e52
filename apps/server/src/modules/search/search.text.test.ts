import { describe, expect, it } from 'vitest';
import { likeEscape, prefixQueryText, tagNeedle, usesWebsearchOperators, wordsOf } from './search.text.js';

describe('search text helpers', () => {
  it('escapes every LIKE metacharacter, backslash included', () => {
    expect(likeEscape('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(likeEscape('plain')).toBe('plain');
  });

  it('keeps only letters, marks and digits of any script as words', () => {
    expect(wordsOf('Sunri, BEACH!')).toEqual(['sunri', 'beach']);
    expect(wordsOf("l'été à Zürich 2024")).toEqual(['l', 'été', 'à', 'zürich', '2024']);
    expect(wordsOf('日落 🌅 &|!():*')).toEqual(['日落']);
    expect(wordsOf('!!! &| 🌅')).toEqual([]);
  });

  it('builds a prefix tsquery from words only, never from operators', () => {
    expect(prefixQueryText('sunri bea')).toBe('sunri:* & bea:*');
    expect(prefixQueryText("a:* & b') | !c")).toBe('a:* & b:* & c:*');
    expect(prefixQueryText('!!!')).toBeNull();
    expect(prefixQueryText('&|')).toBeNull();
    expect(prefixQueryText('x '.repeat(100))?.split(' & ')).toHaveLength(12);
  });

  it('spots websearch syntax that an added prefix alternative would undo', () => {
    expect(usesWebsearchOperators('cats -dogs')).toBe(true);
    expect(usesWebsearchOperators('"sun rise"')).toBe(true);
    expect(usesWebsearchOperators('sun or moon')).toBe(true);
    expect(usesWebsearchOperators('well-known orange')).toBe(false);
    expect(usesWebsearchOperators('sunrise')).toBe(false);
  });

  it('reads a tag with or without its hash sign', () => {
    expect(tagNeedle('#Sunset')).toBe('sunset');
    expect(tagNeedle('##')).toBe('');
  });
});
