import { z } from 'zod';
import {
  CATEGORIES,
  CITY_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  DEFAULT_PRIVACY,
  FEED_PAGE_SIZE,
  FEED_SORTS,
  MAX_IMAGES_PER_POST,
  MAX_TAGGED_USERS,
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
import { MSG, POST_MSG, USER_MSG } from '../messages.js';
import { isValidId, splitTags } from '../validation.js';
import { makeIdParam, makePageQuery, ZEntity, ZIsoDate, ZMemberRef, ZPagination } from './common.js';
import { ZAuthor, ZShortProfile } from './users.js';

/** Lengths the spec leaves open, kept here beside the schemas that use them. */
export const IMAGE_URL_MAX_LENGTH = 1000;
export const IMAGE_ALT_TEXT_MAX_LENGTH = 300;
export const IMAGE_CAPTION_MAX_LENGTH = 500;
export const LOCATION_FIELD_MAX_LENGTH = 200;
export const LOCATION_STATS_MAX = 50;

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
  .union([z.array(z.string({ message: POST_MSG.tagNotText })), z.string()], {
    message: POST_MSG.tagsNotText,
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

/**
 * `taggedUserIds` of create and edit: member ids, duplicates dropped (the first wins), at most
 * MAX_TAGGED_USERS distinct. Whether each is an active member the author may tag is the server's.
 */
export const ZTaggedUserIds = z
  .array(
    z.string({ message: POST_MSG.taggedUserIdInvalid }).refine(isValidId, POST_MSG.taggedUserIdInvalid),
    { message: POST_MSG.taggedUsersNotList },
  )
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.string()).max(MAX_TAGGED_USERS, POST_MSG.tooManyTaggedUsers));

const locationText = z
  .string()
  .trim()
  .max(LOCATION_FIELD_MAX_LENGTH, MSG.fieldTooLong('Location fields', LOCATION_FIELD_MAX_LENGTH));

export const ZPostLocationInput = z.object({
  name: locationText.default(''),
  coordinates: z
    .object({
      latitude: z
        .number({ message: POST_MSG.latitudeInvalid })
        .min(-90, POST_MSG.latitudeInvalid)
        .max(90, POST_MSG.latitudeInvalid),
      longitude: z
        .number({ message: POST_MSG.longitudeInvalid })
        .min(-180, POST_MSG.longitudeInvalid)
        .max(180, POST_MSG.longitudeInvalid),
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
export type PostLocationInput = z.infer<typeof ZPostLocationInput>;

export const ZPostImageRef = z.object({
  url: z
    .string({ message: POST_MSG.imageUrlRequired })
    .trim()
    .min(1, POST_MSG.imageUrlRequired)
    .max(IMAGE_URL_MAX_LENGTH, POST_MSG.imageNotUploaded),
  altText: z
    .string()
    .trim()
    .max(IMAGE_ALT_TEXT_MAX_LENGTH, MSG.fieldTooLong('Alt text', IMAGE_ALT_TEXT_MAX_LENGTH))
    .default(''),
  caption: z
    .string()
    .trim()
    .max(IMAGE_CAPTION_MAX_LENGTH, MSG.fieldTooLong('Caption', IMAGE_CAPTION_MAX_LENGTH))
    .default(''),
});

const ZCategoryInput = z
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
  });

const ZPrivacyInput = z.enum(PRIVACY_VALUES, { message: POST_MSG.invalidPrivacy });

/** A post's images in order: at most MAX_IMAGES_PER_POST, each URL once. */
const ZPostImageRefs = z
  .array(ZPostImageRef)
  .max(MAX_IMAGES_PER_POST, POST_MSG.tooManyImages)
  .refine((imgs) => new Set(imgs.map((i) => i.url)).size === imgs.length, POST_MSG.duplicateImage);

export const ZCreatePostBody = z.object({
  title: requiredText(TITLE_MAX_LENGTH, POST_MSG.titleTooLong),
  content: requiredText(CONTENT_MAX_LENGTH, POST_MSG.contentTooLong),
  category: ZCategoryInput,
  tags: ZTags,
  privacy: ZPrivacyInput.default(DEFAULT_PRIVACY),
  media: z.object({ images: ZPostImageRefs.default([]) }).default({ images: [] }),
  location: ZPostLocationInput.nullable().default(null),
  taggedUserIds: ZTaggedUserIds.default([]),
});
export type CreatePostBody = z.infer<typeof ZCreatePostBody>;
/** What a client may send to POST /api/posts (defaults and normalisation are the server's). */
export type CreatePostInput = z.input<typeof ZCreatePostBody>;

/**
 * PUT /api/posts/{id}: the fields to change, with the same rules and texts as create. `images`
 * lists the post's own images (their URLs as the post answered them) in their new order, with
 * their alt texts and captions: leaving one out removes it; never empty.
 */
export const ZUpdatePostBody = z
  .object({
    title: requiredText(TITLE_MAX_LENGTH, POST_MSG.titleTooLong).optional(),
    content: requiredText(CONTENT_MAX_LENGTH, POST_MSG.contentTooLong).optional(),
    category: ZCategoryInput.optional(),
    tags: ZTags.optional(),
    privacy: ZPrivacyInput.optional(),
    location: ZPostLocationInput.nullable().optional(),
    images: ZPostImageRefs.refine((imgs) => imgs.length > 0, POST_MSG.noImages).optional(),
    /** The whole new list of tagged members (an empty list takes every tag off). */
    taggedUserIds: ZTaggedUserIds.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), POST_MSG.nothingToUpdate);
export type UpdatePostBody = z.infer<typeof ZUpdatePostBody>;
export type UpdatePostInput = z.input<typeof ZUpdatePostBody>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.fieldTooLong(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

/** A tag as a filter or a path: without its leading `#`, 1 to TAG_MAX_LENGTH characters. */
const ZTagParam = z
  .string({ message: POST_MSG.tagRequired })
  .transform((v) => v.trim().replace(/^#+/, '').trim())
  .pipe(z.string().min(1, POST_MSG.tagRequired).max(TAG_MAX_LENGTH, POST_MSG.tagTooLong));

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
    .refine((v) => v === undefined || isValidId(v), USER_MSG.invalidUserId),
  city: optionalText('City', CITY_MAX_LENGTH),
  /** Posts carrying this tag (case-insensitive; a leading `#` is ignored): the tag page. */
  tag: ZTagParam.optional(),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;

/** GET /api/tags/{tag}. */
export const ZTagParams = z.object({ tag: ZTagParam });

/** GET /api/users/me/liked-posts: newest like first is the only order. */
export const ZLikedPostsQuery = makePageQuery(PROFILE_PAGE_SIZE).extend({
  sort: z.enum(['newest'], { message: POST_MSG.invalidLikedSort }).default('newest'),
});
export type LikedPostsQuery = z.infer<typeof ZLikedPostsQuery>;

/** GET /api/users/{id}/tagged: newest tag first. */
export const ZTaggedPostsQuery = makePageQuery(PROFILE_PAGE_SIZE);
export type TaggedPostsQuery = z.infer<typeof ZTaggedPostsQuery>;

/** GET /api/users/me/saved: newest save first. */
export const ZSavedPostsQuery = makePageQuery(PROFILE_PAGE_SIZE);
export type SavedPostsQuery = z.infer<typeof ZSavedPostsQuery>;

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

/** Path of the calls about one post. */
export const ZPostIdParams = z.object({ id: makeIdParam(POST_MSG.invalidPostId) });

// ---- Wire objects (API.md "Objects"): the server serializes its answers through these. ----

export const ZImageVariant = z.object({ width: z.number().int(), url: z.string() });
export type ImageVariant = z.infer<typeof ZImageVariant>;

/** One image of a post. Every URL is absolute. */
export const ZPostImage = z.object({
  url: z.string(),
  altText: z.string(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** ThumbHash (base64) shown while the image loads. */
  placeholder: z.string().nullable(),
  variants: z.array(ZImageVariant),
});
export type PostImage = z.infer<typeof ZPostImage>;

export const ZPostLocation = z.object({
  name: z.string(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    zipCode: z.string(),
  }),
});
export type PostLocation = z.infer<typeof ZPostLocation>;

/**
 * How far GET /api/posts/nearest-city looks for a known city, in kilometres. A box of this
 * half-size around the point bounds the rows read (the latitude index); nothing farther is offered.
 */
export const NEAREST_CITY_MAX_KM = 150;

const coordinateQuery = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).min(min, message).max(max, message);

export const ZNearestCityQuery = z.object({
  lat: coordinateQuery(-90, 90, POST_MSG.latitudeInvalid),
  lon: coordinateQuery(-180, 180, POST_MSG.longitudeInvalid),
});
export type NearestCityQuery = z.infer<typeof ZNearestCityQuery>;

/** The nearest city of a post the caller may see, or null when none is within NEAREST_CITY_MAX_KM. */
export const ZNearestCity = z.object({
  city: z.string().nullable(),
  /** Kilometres from the asked point to that city's nearest post, rounded; null with no city. */
  distanceKm: z.number().nullable(),
});
export type NearestCity = z.infer<typeof ZNearestCity>;

export const ZComment = ZEntity.extend({
  content: z.string(),
  createdAt: ZIsoDate,
  /** When its author last edited it; null until then. */
  editedAt: ZIsoDate.nullable(),
  /** Only on the author's own comment that a moderator removed (nobody else sees it). */
  removedByModerator: z.boolean().optional(),
  user: ZMemberRef.extend({ profile: ZShortProfile }),
});
export type Comment = z.infer<typeof ZComment>;

/**
 * SPEC §3 `engagement` ("only counted"): the ids behind each counter, lengths equal to
 * likesCount / commentsCount / sharesCount, in no particular order. likes: ids of the members who
 * liked; comments: comment ids; shares: share ids.
 */
export const ZEngagement = z.object({
  likes: z.array(z.string()),
  comments: z.array(z.string()),
  shares: z.array(z.string()),
});
export type Engagement = z.infer<typeof ZEngagement>;

/** A member tagged in a post (issue 30). `avatarUrl` is absolute, null without an avatar. */
export const ZTaggedUser = ZEntity.extend({
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type TaggedUser = z.infer<typeof ZTaggedUser>;

export const ZPost = ZEntity.extend({
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  privacy: z.enum(PRIVACY_VALUES),
  city: z.string().nullable(),
  location: ZPostLocation.nullable(),
  media: z.object({ images: z.array(ZPostImage) }),
  author: ZAuthor,
  /** Members its author tagged, oldest tag first (the same for every viewer). */
  taggedUsers: z.array(ZTaggedUser),
  analytics: z.object({ views: z.number().int(), shares: z.number().int() }),
  engagement: ZEngagement,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  isLikedByUser: z.boolean(),
  /** Members who saved it (who they are is never told: saves are private). */
  savesCount: z.number().int(),
  /** Whether the viewer saved it (false signed out). */
  isSavedByUser: z.boolean(),
  /** Only on the author's own post that a moderator removed (nobody else sees it). */
  removedByModerator: z.boolean().optional(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  /** When its author last edited it (cards and the detail say "Edited"); null until then. */
  editedAt: ZIsoDate.nullable(),
});
export type Post = z.infer<typeof ZPost>;

/**
 * GET /api/posts/{id}: the detail keeps Comment objects in `engagement.comments` (the newest
 * POST_DETAIL_COMMENTS, oldest first) where lists carry comment ids. With up to that many comments
 * its length still equals commentsCount; beyond, GET /api/posts/{id}/comments pages the rest.
 */
export const ZPostDetail = ZPost.extend({
  engagement: ZEngagement.extend({ comments: z.array(ZComment) }),
});
export type PostDetail = z.infer<typeof ZPostDetail>;

export const ZPostList = z.object({ posts: z.array(ZPost), pagination: ZPagination });
export type PostList = z.infer<typeof ZPostList>;

/** POST /api/posts/{id}/save (a toggle). */
export const ZSaveResult = z.object({ saved: z.boolean(), savesCount: z.number().int() });
export type SaveResult = z.infer<typeof ZSaveResult>;

/** PUT /api/posts/{id}. */
export const ZUpdatePostResponse = z.object({ message: z.string(), post: ZPost });
export type UpdatePostResponse = z.infer<typeof ZUpdatePostResponse>;

/** PUT /api/posts/{postId}/comments/{commentId}. */
export const ZUpdateCommentResult = z.object({ comment: ZComment });
export type UpdateCommentResult = z.infer<typeof ZUpdateCommentResult>;

/** POST /api/posts. */
export const ZCreatePostResponse = z.object({ message: z.string(), post: ZPost });
export type CreatePostResponse = z.infer<typeof ZCreatePostResponse>;

/** One processed upload of POST /api/posts/upload-media; `url` goes back in POST /api/posts. */
export const ZUploadedMedia = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().nullable(),
  variants: z.array(ZImageVariant),
});
export type UploadedMedia = z.infer<typeof ZUploadedMedia>;

export const ZUploadMediaResponse = z.object({ media: z.array(ZUploadedMedia) });
export type UploadMediaResponse = z.infer<typeof ZUploadMediaResponse>;

export const ZLocationStat = z.object({ city: z.string(), count: z.number().int() });
export type LocationStat = z.infer<typeof ZLocationStat>;

export const ZTagStat = z.object({ tag: z.string(), count: z.number().int() });
export type TagStat = z.infer<typeof ZTagStat>;

/** POST /api/posts/{id}/like (a toggle). */
export const ZLikeResult = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResult = z.infer<typeof ZLikeResult>;

/** POST /api/posts/{id}/comment. */
export const ZCommentResult = z.object({ comment: ZComment, commentsCount: z.number().int() });
export type CommentResult = z.infer<typeof ZCommentResult>;

/** POST /api/posts/{id}/share. */
export const ZShareResult = z.object({ sharesCount: z.number().int(), shareUrl: z.string() });
export type ShareResult = z.infer<typeof ZShareResult>;

/** DELETE /api/posts/{id}/share (extension): the member's reposts of the post are taken back. */
export const ZUnshareResult = z.object({ sharesCount: z.number().int() });
export type UnshareResult = z.infer<typeof ZUnshareResult>;

/** GET /api/posts/{id}/comments (extension): newest first. */
export const ZCommentsPage = z.object({ comments: z.array(ZComment), pagination: ZPagination });
export type CommentsPage = z.infer<typeof ZCommentsPage>;
