import { z } from 'zod';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_TITLE_MAX_LENGTH,
  PROFILE_PAGE_SIZE,
} from '../constants.js';
import { COLLECTION_MSG, POST_MSG } from '../messages.js';
import { makeIdParam, makePageQuery, ZEntity, ZPagination } from './common.js';
import { ZPost } from './posts.js';

const title = z
  .string({ message: COLLECTION_MSG.titleRequired })
  .trim()
  .min(1, COLLECTION_MSG.titleRequired)
  .max(COLLECTION_TITLE_MAX_LENGTH, COLLECTION_MSG.titleTooLong);
const description = z
  .string()
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX_LENGTH, COLLECTION_MSG.descriptionTooLong);
const isPrivate = z.boolean({ message: COLLECTION_MSG.isPrivateInvalid });

/** POST /api/collections. */
export const ZCreateCollectionBody = z.object({
  title,
  description: description.default(''),
  isPrivate: isPrivate.default(false),
});
export type CreateCollectionBody = z.infer<typeof ZCreateCollectionBody>;

/** PUT /api/collections/{id}: the fields to change. */
export const ZUpdateCollectionBody = z
  .object({ title: title.optional(), description: description.optional(), isPrivate: isPrivate.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), POST_MSG.nothingToUpdate);
export type UpdateCollectionBody = z.infer<typeof ZUpdateCollectionBody>;

/** POST /api/collections/{id}/posts. */
export const ZCollectionPostBody = z.object({ postId: makeIdParam(POST_MSG.invalidPostId) });
export type CollectionPostBody = z.infer<typeof ZCollectionPostBody>;

export const ZCollectionIdParams = z.object({ id: makeIdParam(COLLECTION_MSG.invalidCollectionId) });
export const ZCollectionPostParams = z.object({
  id: makeIdParam(COLLECTION_MSG.invalidCollectionId),
  postId: makeIdParam(POST_MSG.invalidPostId),
});

/** GET /api/collections/{id}: its posts, newest added first. */
export const ZCollectionPostsQuery = makePageQuery(PROFILE_PAGE_SIZE);
export type CollectionPostsQuery = z.infer<typeof ZCollectionPostsQuery>;

/**
 * SPEC §3's collection (id, title, posts count, isPrivate), plus its owner, description and cover: the
 * first image of its newest post the viewer may see. `postsCount` counts what the viewer may see.
 */
export const ZCollection = ZEntity.extend({
  /** Its owner's member id (the page offers rename and delete to them alone). */
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  postsCount: z.number().int(),
  cover: z.string().nullable(),
});
export type Collection = z.infer<typeof ZCollection>;

export const ZCollectionAnswer = z.object({ collection: ZCollection });
export type CollectionAnswer = z.infer<typeof ZCollectionAnswer>;

export const ZCollectionPage = z.object({
  collection: ZCollection,
  posts: z.array(ZPost),
  pagination: ZPagination,
});
export type CollectionPage = z.infer<typeof ZCollectionPage>;

export const ZCollectionList = z.object({ collections: z.array(ZCollection) });
export type CollectionList = z.infer<typeof ZCollectionList>;
