import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants.js';
import { MSG } from '../messages.js';
import { isValidId } from '../validation.js';

/** A path id of one resource: 24 lowercase hex characters, else 400 with that resource's text. */
export function makeIdParam(invalidMessage: string) {
  return z.string({ message: invalidMessage }).refine(isValidId, invalidMessage);
}

/** `page`/`limit`/`cursor` query of every list call (API.md "Lists"). */
export function makePageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ message: MSG.pageInvalid })
      .int(MSG.pageInvalid)
      .min(1, MSG.pageInvalid)
      .max(Number.MAX_SAFE_INTEGER, MSG.pageInvalid)
      .default(1),
    limit: z.coerce
      .number({ message: MSG.limitInvalid })
      .int(MSG.limitInvalid)
      .min(1, MSG.limitInvalid)
      .max(MAX_PAGE_LIMIT, MSG.limitInvalid)
      .default(defaultLimit),
    cursor: z.string().max(200, MSG.cursorInvalid).optional(),
  });
}

/** The paging block of every paged answer. */
export const ZPagination = z.object({
  currentPage: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page and for search. */
  nextCursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof ZPagination>;

/** The body of every error answer under /api. */
export const ZErrorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof ZErrorBody>;

/** Answers that only confirm (`{ message: "Chat deleted successfully" }`). */
export const ZMessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof ZMessageAnswer>;

/** An ISO-8601 timestamp on the wire. */
export const ZIsoDate = z.string().meta({ format: 'date-time' });

/** The body of calls that take none: an empty body, `{}` or any object (its fields are ignored). */
export const ZEmptyBody = z.object({}, { message: MSG.invalidData });

/** Every wire object carries its id twice: `id` and `_id` (what MongoDB-era clients read). */
export const ZEntity = z.object({ id: z.string(), _id: z.string() });

/** A member as any answer names them: the ids and the username. */
export const ZMemberRef = ZEntity.extend({ username: z.string() });
