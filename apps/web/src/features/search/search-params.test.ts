import { describe, expect, it } from 'vitest';
import { exploreCityHref, parseSearchParams, searchHref } from './search-params';

describe('search params', () => {
  it('reads q and type, falling back to All for a missing or unknown type', () => {
    expect(parseSearchParams(new URLSearchParams('q=%20sun%20&type=USERS'))).toEqual({
      query: 'sun',
      type: 'users',
    });
    expect(parseSearchParams(new URLSearchParams('q=sun&type=hashtags'))).toEqual({
      query: 'sun',
      type: 'all',
    });
    expect(parseSearchParams(new URLSearchParams(''))).toEqual({ query: '', type: 'all' });
  });

  it('builds addresses that round-trip any text', () => {
    expect(searchHref('sunset', 'posts')).toBe('/search?q=sunset&type=posts');
    expect(searchHref('a&b=c #1')).toBe('/search?q=a%26b%3Dc%20%231');
    expect(parseSearchParams(new URL(searchHref('a&b=c #1', 'tags'), 'http://x').searchParams)).toEqual({
      query: 'a&b=c #1',
      type: 'tags',
    });
    expect(exploreCityHref('San Francisco')).toBe('/explore?city=San%20Francisco');
  });
});
