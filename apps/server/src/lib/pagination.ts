import type { Pagination } from '@glimpse/shared';
import { AppError } from './errors.js';

/**
 * Opaque keyset cursors: base64url JSON of the sort key of the last row returned.
 * A cursor query costs the same at any depth, unlike OFFSET.
 */
export function encodeCursor(key: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<K extends Record<string, string | number>>(
  cursor: string,
  isKey: (v: unknown) => v is K,
): K {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (isKey(value)) return value;
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('VALIDATION', 'cursor is invalid');
}

/**
 * Rows are fetched with limit + 1 so `hasNextPage` needs no COUNT query.
 * Returns the page's rows and its pagination block.
 */
export function paginate<T>(
  rows: T[],
  opts: { page: number; limit: number; usedCursor: boolean; cursorOf: (row: T) => string },
): { items: T[]; pagination: Pagination } {
  const hasNextPage = rows.length > opts.limit;
  const items = hasNextPage ? rows.slice(0, opts.limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    pagination: {
      currentPage: opts.page,
      hasNextPage,
      hasPrevPage: opts.usedCursor || opts.page > 1,
      nextCursor: hasNextPage && last !== undefined ? opts.cursorOf(last) : null,
    },
  };
}
