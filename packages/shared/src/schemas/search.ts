import { z } from 'zod';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES } from '../constants.js';
import { MSG } from '../messages.js';
import { makePageQuery } from './common.js';

/** Texts of GET /api/search that the spec leaves to us ("Query cannot be empty" is the spec's). */
export const SEARCH_MSG = {
  queryEmpty: MSG.queryEmpty,
  queryTooLong: `Query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  invalidType: `Type must be one of ${SEARCH_TYPES.join(', ')}`,
} as const;

/**
 * Control characters never belong in a search and PostgreSQL refuses NUL in text outright, so they
 * become spaces before anything else looks at the query (a NUL would otherwise be a 500).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * GET /api/search. A query longer than SEARCH_QUERY_MAX_LENGTH is refused rather than cut, so a
 * client never silently gets answers to a question it did not ask. `type` defaults to all.
 */
export const ZSearchQuery = makePageQuery(SEARCH_PAGE_SIZE)
  .pick({ page: true, limit: true })
  .extend({
    q: z
      .string({ message: SEARCH_MSG.queryEmpty })
      .transform((v) => v.replace(CONTROL_CHARACTERS, ' ').trim())
      .pipe(z.string().min(1, SEARCH_MSG.queryEmpty).max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MSG.queryTooLong)),
    type: z.enum(SEARCH_TYPES, { message: SEARCH_MSG.invalidType }).default('all'),
  });
export type SearchQuery = z.infer<typeof ZSearchQuery>;
