/**
 * The member's recent searches, kept on this device only (localStorage), newest first, each text
 * once (ignoring case), at most RECENT_SEARCHES_MAX. Storage that is missing or full is no error:
 * the list is then simply empty or not kept.
 */
export const RECENT_SEARCHES_KEY = 'glimpse:recent-searches';
export const RECENT_SEARCHES_MAX = 8;

export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(list: string[]): string[] {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the list is just not kept.
  }
  return list;
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Puts a search first (moving it there if it was already kept); answers the new list. */
export function addRecentSearch(text: string): string[] {
  const query = text.trim();
  if (!query) return readRecentSearches();
  return write([query, ...readRecentSearches().filter((q) => !same(q, query))].slice(0, RECENT_SEARCHES_MAX));
}

export function removeRecentSearch(text: string): string[] {
  return write(readRecentSearches().filter((q) => !same(q, text)));
}

export function clearRecentSearches(): string[] {
  return write([]);
}
