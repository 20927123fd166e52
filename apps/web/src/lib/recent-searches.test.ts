import { beforeEach, describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  RECENT_SEARCHES_MAX,
  removeRecentSearch,
} from './recent-searches';

beforeEach(() => window.localStorage.clear());

describe('recent searches', () => {
  it('keeps searches newest first, each once whatever its case, at most the maximum', () => {
    addRecentSearch('sunset');
    addRecentSearch('  Paris ');
    expect(addRecentSearch('SUNSET')).toEqual(['SUNSET', 'Paris']);
    for (let i = 0; i < RECENT_SEARCHES_MAX + 3; i++) addRecentSearch(`q${i}`);
    const kept = readRecentSearches();
    expect(kept).toHaveLength(RECENT_SEARCHES_MAX);
    expect(kept[0]).toBe(`q${RECENT_SEARCHES_MAX + 2}`);
    expect(addRecentSearch('   ')).toEqual(kept);
  });

  it('removes one, clears all, and reads a damaged store as empty', () => {
    addRecentSearch('a');
    addRecentSearch('b');
    expect(removeRecentSearch('A')).toEqual(['b']);
    expect(clearRecentSearches()).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['ok', 3, '']));
    expect(readRecentSearches()).toEqual(['ok']);
  });
});
