import { MSG, type Pagination } from '@glimpse/shared';
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
  throw new AppError('VALIDATION', MSG.cursorInvalid);
}

/** A (time, id) keyset position: newest feeds, liked posts, comments. */
export type TimeKey = { t: string; id: string };

/** The rows a paged query reads: `limit + 1` of them, from a keyset position or an offset. */
export interface PageWindow<After> {
  limit: number;
  offset: number;
  after?: After;
}

/**
 * THE pagination helper of every list with `page`/`limit`/`cursor` (API.md "Lists"): decodes the
 * cursor (400 when it is not ours), reads `limit + 1` rows so `hasNextPage` needs no COUNT, and
 * answers the page's rows with its pagination block. A cursor costs the same at any depth.
 */
export async function fetchPage<Row, After>(
  q: { page: number; limit: number; cursor?: string },
  opts: {
    decode: (cursor: string) => After;
    read: (win: PageWindow<After>) => Promise<Row[]>;
    cursorOf: (row: Row) => string;
  },
): Promise<{ items: Row[]; pagination: Pagination }> {
  const after = q.cursor ? opts.decode(q.cursor) : undefined;
  const rows = await opts.read({ limit: q.limit, offset: (q.page - 1) * q.limit, after });
  const hasNextPage = rows.length > q.limit;
  const items = hasNextPage ? rows.slice(0, q.limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    pagination: {
      currentPage: q.page,
      hasNextPage,
      hasPrevPage: after !== undefined || q.page > 1,
      nextCursor: hasNextPage && last !== undefined ? opts.cursorOf(last) : null,
    },
  };
}
