import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants.js';
import { isValidId } from '../validation.js';

export const ZId = z.string().refine(isValidId, 'Invalid ID');

/** `page`/`limit`/`cursor` query of every list call (API.md "Lists"). */
export function makePageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ message: 'page must be an integer of 1 or more' })
      .int('page must be an integer of 1 or more')
      .min(1, 'page must be an integer of 1 or more')
      .default(1),
    limit: z.coerce
      .number({ message: `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}` })
      .int(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`)
      .min(1, `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`)
      .max(MAX_PAGE_LIMIT, `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`)
      .default(defaultLimit),
    cursor: z.string().max(200, 'cursor is invalid').optional(),
  });
}

export interface Pagination {
  currentPage: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
  nextCursor: string | null;
}
