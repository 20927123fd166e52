import { z } from 'zod';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES } from '../constants.js';
import { MSG, SEARCH_MSG } from '../messages.js';
import { makePageQuery, ZPagination } from './common.js';
import { ZLocationStat, ZPost, ZTagStat } from './posts.js';
import { ZPublicUser } from './users.js';

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
const ZSearchText = z
  .string({ message: MSG.queryEmpty })
  .transform((v) => v.replace(CONTROL_CHARACTERS, ' ').trim())
  .pipe(z.string().min(1, MSG.queryEmpty).max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MSG.queryTooLong));

export const ZSearchQuery = makePageQuery(SEARCH_PAGE_SIZE)
  .pick({ page: true, limit: true })
  .extend({
    q: ZSearchText,
    type: z.enum(SEARCH_TYPES, { message: SEARCH_MSG.invalidType }).default('all'),
  });
export type SearchQuery = z.infer<typeof ZSearchQuery>;

/**
 * GET /api/search. `results.posts` is filled for every type: the text's posts (all, posts), posts
 * by the matching members (users), posts carrying a matching tag (tags), posts in a matching
 * place (places). The other lists hold their own matches for their type and for `all`.
 */
export const ZSearchResponse = z.object({
  query: z.string(),
  type: z.enum(SEARCH_TYPES),
  results: z.object({
    posts: z.array(ZPost),
    users: z.array(ZPublicUser),
    tags: z.array(ZTagStat),
    places: z.array(ZLocationStat),
  }),
  pagination: ZPagination,
});
export type SearchResponse = z.infer<typeof ZSearchResponse>;

/** GET /api/search/suggestions: the same text rules as GET /api/search. */
export const ZSearchSuggestionsQuery = z.object({ q: ZSearchText });
export type SearchSuggestionsQuery = z.infer<typeof ZSearchSuggestionsQuery>;

/**
 * GET /api/search/suggestions: the first few people, tags and places for a text being typed
 * (SEARCH_SUGGESTIONS_PER_KIND each, in the order GET /api/search ranks them), without posts.
 */
export const ZSearchSuggestions = z.object({
  query: z.string(),
  users: z.array(ZPublicUser),
  tags: z.array(ZTagStat),
  places: z.array(ZLocationStat),
});
export type SearchSuggestions = z.infer<typeof ZSearchSuggestions>;
