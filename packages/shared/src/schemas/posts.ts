import { z } from 'zod';
import {
  CATEGORIES,
  CITY_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  DEFAULT_PRIVACY,
  FEED_CATEGORIES,
  FEED_PAGE_SIZE,
  FEED_SORTS,
  MAX_IMAGES_PER_POST,
  MAX_TAGS,
  POST_DETAIL_COMMENTS,
  PRIVACY_VALUES,
  PROFILE_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  SHARE_TYPES,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  type Category,
} from '../constants.js';
import { MSG } from '../messages.js';
import { isValidId, splitTags } from '../validation.js';
import { makePageQuery } from './common.js';

/** Lengths the spec leaves open, kept here beside the schemas that use them. */
export const IMAGE_URL_MAX_LENGTH = 1000;
export const IMAGE_ALT_TEXT_MAX_LENGTH = 300;
export const IMAGE_CAPTION_MAX_LENGTH = 500;
export const LOCATION_FIELD_MAX_LENGTH = 200;
export const LOCATION_STATS_MAX = 50;

/** Texts of the posts and media calls that SPEC/API.md leave to us. */
export const POST_MSG = {
  created: 'Post created successfully',
  deleted: 'Post deleted successfully',
  notFound: 'Post not found',
  invalidPostId: 'Invalid post ID',
  invalidUserId: 'Invalid user ID',
  notAllowedToDelete: 'You can only delete your own posts',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  contentTooLong: `Description must be at most ${CONTENT_MAX_LENGTH} characters`,
  invalidCategory: `Category must be one of ${CATEGORIES.join(', ')}`,
  invalidPrivacy: `Privacy must be one of ${PRIVACY_VALUES.join(', ')}`,
  tooManyTags: `You can add at most ${MAX_TAGS} tags`,
  tagTooLong: `Each tag must be at most ${TAG_MAX_LENGTH} characters`,
  tooManyImages: `You can upload maximum ${MAX_IMAGES_PER_POST} images per post`,
  noImages: 'Please select at least one image',
  imageTooManyPixels: 'Image dimensions are too large (at most 50 megapixels)',
  imageNotUploaded: 'Each image must be one of your own uploads that is not already used in a post',
  duplicateImage: 'Each image can be added to a post only once',
  commentTooLong: `Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
  invalidShareType: `Share type must be one of ${SHARE_TYPES.join(', ')}`,
  invalidSort: `Sort must be one of ${FEED_SORTS.join(', ')}`,
  invalidFeedCategory: `Category must be one of ${FEED_CATEGORIES.join(', ')}`,
  invalidFollowing: 'Following must be true or false',
} as const;

const requiredText = (max: number, tooLong: string) =>
  z.string({ message: MSG.postRequired }).trim().min(1, MSG.postRequired).max(max, tooLong);

/** Category names match case-insensitively and come out in their canonical spelling. */
function canonicalCategory(value: string): Category | undefined {
  const lower = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.toLowerCase() === lower);
}

/**
 * Tags arrive as an array or as the form's comma-separated text. Trimmed, empties dropped,
 * duplicates removed case-insensitively (the first spelling wins), then the limits apply.
 */
export const ZTags = z
  .union([z.array(z.string({ message: 'Each tag must be text' })), z.string()], {
    message: 'Tags must be a list of text',
  })
  .optional()
  .transform((value) => {
    const raw =
      value === undefined
        ? []
        : typeof value === 'string'
          ? splitTags(value)
          : value.map((t) => t.trim()).filter(Boolean);
    const seen = new Set<string>();
    return raw.filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string().max(TAG_MAX_LENGTH, POST_MSG.tagTooLong)).max(MAX_TAGS, POST_MSG.tooManyTags));

const locationText = z
  .string()
  .trim()
  .max(LOCATION_FIELD_MAX_LENGTH, `Location fields must be at most ${LOCATION_FIELD_MAX_LENGTH} characters`);

export const ZPostLocation = z.object({
  name: locationText.default(''),
  coordinates: z
    .object({
      latitude: z
        .number({ message: 'Latitude must be a number' })
        .min(-90, 'Latitude must be between -90 and 90')
        .max(90, 'Latitude must be between -90 and 90'),
      longitude: z
        .number({ message: 'Longitude must be a number' })
        .min(-180, 'Longitude must be between -180 and 180')
        .max(180, 'Longitude must be between -180 and 180'),
    })
    .nullable()
    .default(null),
  address: z
    .object({
      street: locationText.default(''),
      city: locationText.default(''),
      state: locationText.default(''),
      country: locationText.default(''),
      zipCode: locationText.default(''),
    })
    .default({ street: '', city: '', state: '', country: '', zipCode: '' }),
});
export type PostLocationInput = z.infer<typeof ZPostLocation>;

export const ZPostImageRef = z.object({
  url: z
    .string({ message: 'Each image needs a url' })
    .trim()
    .min(1, 'Each image needs a url')
    .max(IMAGE_URL_MAX_LENGTH, POST_MSG.imageNotUploaded),
  altText: z
    .string()
    .trim()
    .max(IMAGE_ALT_TEXT_MAX_LENGTH, `Alt text must be at most ${IMAGE_ALT_TEXT_MAX_LENGTH} characters`)
    .default(''),
  caption: z
    .string()
    .trim()
    .max(IMAGE_CAPTION_MAX_LENGTH, `Caption must be at most ${IMAGE_CAPTION_MAX_LENGTH} characters`)
    .default(''),
});

export const ZCreatePostBody = z.object({
  title: requiredText(TITLE_MAX_LENGTH, POST_MSG.titleTooLong),
  content: requiredText(CONTENT_MAX_LENGTH, POST_MSG.contentTooLong),
  category: z
    .string({ message: MSG.postRequired })
    .trim()
    .min(1, MSG.postRequired)
    .transform((v, ctx) => {
      const category = canonicalCategory(v);
      if (!category) {
        ctx.addIssue({ code: 'custom', message: POST_MSG.invalidCategory });
        return z.NEVER;
      }
      return category;
    }),
  tags: ZTags,
  privacy: z.enum(PRIVACY_VALUES, { message: POST_MSG.invalidPrivacy }).default(DEFAULT_PRIVACY),
  media: z
    .object({
      images: z
        .array(ZPostImageRef)
        .max(MAX_IMAGES_PER_POST, POST_MSG.tooManyImages)
        .refine((imgs) => new Set(imgs.map((i) => i.url)).size === imgs.length, POST_MSG.duplicateImage)
        .default([]),
    })
    .default({ images: [] }),
  location: ZPostLocation.nullable().default(null),
});
export type CreatePostBody = z.infer<typeof ZCreatePostBody>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /api/posts. "All" (any case) means no category filter. */
export const ZFeedQuery = makePageQuery(FEED_PAGE_SIZE).extend({
  sort: z.enum(FEED_SORTS, { message: POST_MSG.invalidSort }).default('newest'),
  category: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '' || v.trim().toLowerCase() === 'all') return undefined;
      const category = canonicalCategory(v);
      if (!category) {
        ctx.addIssue({ code: 'custom', message: POST_MSG.invalidFeedCategory });
        return z.NEVER;
      }
      return category;
    }),
  search: optionalText('Search', SEARCH_QUERY_MAX_LENGTH),
  following: z
    .enum(['true', 'false'], { message: POST_MSG.invalidFollowing })
    .optional()
    .transform((v) => v === 'true'),
  author: z
    .string()
    .optional()
    .refine((v) => v === undefined || isValidId(v), POST_MSG.invalidUserId),
  city: optionalText('City', CITY_MAX_LENGTH),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;

/** GET /api/users/me/liked-posts: newest like first is the only order. */
export const ZLikedPostsQuery = makePageQuery(PROFILE_PAGE_SIZE).extend({
  sort: z.enum(['newest'], { message: 'Sort must be newest' }).default('newest'),
});
export type LikedPostsQuery = z.infer<typeof ZLikedPostsQuery>;

/**
 * GET /api/posts/{id}/comments: newest first, so page 2 at the default size continues exactly
 * where the detail call's newest 50 stop.
 */
export const ZCommentsQuery = makePageQuery(POST_DETAIL_COMMENTS);
export type CommentsQuery = z.infer<typeof ZCommentsQuery>;

export const ZCommentBody = z.object({
  content: z
    .string({ message: MSG.commentRequired })
    .trim()
    .min(1, MSG.commentRequired)
    .max(COMMENT_MAX_LENGTH, POST_MSG.commentTooLong),
});
export type CommentBody = z.infer<typeof ZCommentBody>;

export const ZShareBody = z.object({
  shareType: z.enum(SHARE_TYPES, { message: POST_MSG.invalidShareType }).default('repost'),
});
export type ShareBody = z.infer<typeof ZShareBody>;
