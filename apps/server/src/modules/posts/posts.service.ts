import {
  LOCATION_STATS_MAX,
  MSG,
  NEAREST_CITY_MAX_KM,
  POST_MSG,
  makeExcerpt,
  tagsWithHashtags,
  type CreatePostBody,
  type FeedQuery,
  type LikedPostsQuery,
  type LocationStat,
  type NearestCity,
  type NearestCityQuery,
  type CreatePostResponse,
  type PostList,
  ZPostList,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { storedMediaPathOf, type PublicUrls } from '../../lib/public-urls.js';
import { AppError } from '../../lib/errors.js';
import { compileJsonWriter } from '../../lib/json-writer.js';
import { ShortCache } from '../../lib/short-cache.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import { can } from '../../lib/permissions.js';
import { claimUploads } from '../media/media.repo.js';
import { announceNotifications, notifyMentions } from '../notifications/notifications.service.js';
import { decodeFeedCursor, decodeTimeCursor, encodeFeedCursor, encodeTimeCursor } from './posts.cursor.js';
import { readFeedPage, readFeedStubs, type FeedShape } from './posts.feed.js';
import { locationColumnsOf, mediaAltTextOf } from './posts.edit.service.js';
import { PostFragmentCache, writeFragmentPage } from './posts.fragments.js';
import { setPostTags } from './posts.tagged.service.js';
import {
  afterCommit,
  federatePostChange,
  federatePostGone,
  postAudience,
} from '../federation/federation.outbox.service.js';
import { hydratePosts } from './posts.hydrate.js';
import { toFeedPost } from './posts.mapper.js';
import { hotScoreOf } from './posts.hot.js';
import {
  bumpAuthorPostsCount,
  deletePostRow,
  findPost,
  insertPost,
  insertPostMedia,
  selectFeedPage,
  selectLikedPage,
  selectLocationStats,
  selectNearestCity,
  type FeedCursor,
} from './posts.repo.js';
import type { PostViewer } from './posts.visibility.js';

/**
 * Creates a post with its images in one transaction: the post row, its media rows, the claim of
 * the caller's uploads and the author's posts_count commit together or not at all. An image URL
 * that is not an unattached upload of the caller (someone else's, already used, or made up)
 * rolls everything back with a 400.
 */
export async function createPost(
  ctx: AppContext,
  viewer: PostViewer,
  body: CreatePostBody,
  urls: PublicUrls,
): Promise<CreatePostResponse> {
  const now = new Date();
  const id = newId(now);
  // Clients send back the absolute URLs the upload answered with; the database keeps paths.
  const images = body.media.images.map((img) => {
    const path = storedMediaPathOf(img.url);
    if (!path) throw new AppError('VALIDATION', POST_MSG.imageNotUploaded);
    return { ...img, url: path };
  });

  const { row, mentions } = await ctx.db.transaction(async (tx) => {
    const inserted = await insertPost(tx, {
      id,
      authorId: viewer.id,
      title: body.title,
      content: body.content,
      excerpt: makeExcerpt(body.content),
      category: body.category,
      tags: tagsWithHashtags(body.tags, body.content),
      privacy: body.privacy,
      ...locationColumnsOf(body.location),
      mediaAltText: mediaAltTextOf(images),
      hotScore: hotScoreOf({ likes: 0, comments: 0, shares: 0, views: 0 }, now),
      createdAt: now,
      updatedAt: now,
    });
    const claimed = await claimUploads(
      tx,
      viewer.id,
      id,
      images.map((i) => i.url),
    );
    if (claimed.length !== images.length) throw new AppError('VALIDATION', POST_MSG.imageNotUploaded);
    const byUrl = new Map(claimed.map((c) => [c.url, c]));
    await insertPostMedia(
      tx,
      images.map((img, position) => {
        const upload = byUrl.get(img.url)!;
        return {
          id: newId(now),
          postId: id,
          position,
          url: upload.url,
          variants: upload.variants,
          width: upload.width,
          height: upload.height,
          placeholder: upload.placeholder,
          altText: img.altText,
          caption: img.caption,
        };
      }),
    );
    await bumpAuthorPostsCount(tx, viewer.id, 1);
    const mentions = await notifyMentions(tx, { actorId: viewer.id, text: body.content, postId: id });
    const tagged = await setPostTags(tx, { id, authorId: viewer.id }, body.taggedUserIds, now);
    return { row: inserted, mentions: [...mentions, ...tagged] };
  });
  await announceNotifications(ctx, mentions, urls);
  await afterCommit(ctx, () => federatePostChange(ctx, id, null));

  const [post] = await hydratePosts(ctx.db, [row], viewer, urls);
  return { message: POST_MSG.created, post: post! };
}

/** GET /api/posts: every filter combines with the others and with the privacy rule. */
export async function listFeed(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: FeedQuery,
  urls: PublicUrls,
): Promise<PostList> {
  if (q.following && !viewer) throw new AppError('UNAUTHENTICATED', MSG.authenticationRequired);
  if (isPlainFeed(q)) return listPlainFeed(ctx, viewer, q, urls);
  return listFilteredFeed(ctx, viewer, q, urls);
}

/**
 * Any feed through the query builder and the page hydration (a few round trips). Serves the
 * filtered and `page=` feeds, and is the reference the one-statement plain feed is tested against.
 */
export async function listFilteredFeed(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: FeedQuery,
  urls: PublicUrls,
): Promise<PostList> {
  const filter = {
    viewer,
    category: q.category,
    search: q.search,
    authorId: q.author,
    city: q.city,
    tag: q.tag,
    followedBy: q.following ? viewer!.id : undefined,
  };
  const { items, pagination } = await fetchPage(q, {
    decode: (cursor) => decodeFeedCursor(cursor, q.sort),
    read: (win) => selectFeedPage(ctx.db, filter, q.sort, win),
    cursorOf: (row) => encodeFeedCursor(q.sort, row),
  });
  return { posts: await hydratePosts(ctx.db, items, viewer, urls), pagination };
}

const writePostList = compileJsonWriter(ZPostList);

/** Signed-out pages kept at once, at most (keys come from query strings: bounded). */
const FEED_PAGE_CACHE_MAX_ENTRIES = 200;
const feedPageCaches = new WeakMap<AppContext, ShortCache<string, Promise<Buffer>>>();

function feedPageCache(ctx: AppContext): ShortCache<string, Promise<Buffer>> {
  let cache = feedPageCaches.get(ctx);
  if (!cache) {
    cache = new ShortCache({ ttlMs: ctx.config.feedCacheMs, maxEntries: FEED_PAGE_CACHE_MAX_ENTRIES });
    feedPageCaches.set(ctx, cache);
  }
  return cache;
}

/**
 * Drops every cached signed-out feed page of this node: call it after a change that must hide a
 * post at once (deletion, moderator removal). Other nodes' pages expire within FEED_CACHE_MS.
 */
export function forgetFeedPages(ctx: AppContext): void {
  feedPageCaches.get(ctx)?.clear();
}

/**
 * GET /api/posts as its JSON bytes (API.md PostList, written by the schema-driven writer; UTF-8
 * once, so a cached page is not encoded again for every request).
 * Signed out, the text of a query may be reused for FEED_CACHE_MS, per public origin (media URLs
 * are absolute): concurrent misses share one read, so a burst at expiry costs one query.
 * Signed-in answers are never cached (likes, follows and privacy are the viewer's own).
 */
export async function listFeedJson(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: FeedQuery,
  opts: { urls: PublicUrls; requestUrl: string },
): Promise<Buffer> {
  const cache = feedPageCache(ctx);
  if (viewer && cache.enabled && isPlainFeed(q)) {
    return signedInPlainFeedJson(ctx, viewer, q, opts.urls);
  }
  const read = async () => Buffer.from(writePostList(await listFeed(ctx, viewer, q, opts.urls)));
  if (viewer || !cache.enabled) return read();
  const key = `${opts.urls.origin} ${opts.requestUrl}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const answer = read();
  cache.set(key, answer);
  // A failed read is not kept: the next request tries again.
  answer.catch(() => cache.delete(key));
  return answer;
}

/** No filter and no `page=` offset: the shape the prepared page statements serve. */
function isPlainFeed(q: FeedQuery): boolean {
  return (
    !q.category &&
    !q.search &&
    !q.author &&
    !q.city &&
    !q.tag &&
    !q.following &&
    (q.cursor !== undefined || q.page === 1)
  );
}

/** The plain feed in one round trip (posts.feed.ts); the same answer as the general path. */
export async function listPlainFeed(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: FeedQuery,
  urls: PublicUrls,
): Promise<PostList> {
  const { items, pagination } = await fetchPlainFeedPage(ctx, viewer, q, readFeedPage);
  return { posts: items.map((row) => toFeedPost(row, urls)), pagination };
}

/**
 * One page of the plain feed through one of posts.feed.ts's readers (whole rows or stubs): the
 * statement's shape (sort, kind of viewer, first page or cursor, page size) decided in one place.
 */
function fetchPlainFeedPage<Row extends { id: string; hotScore: number; cursorTime: string }>(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: FeedQuery,
  read: (
    pool: AppContext['database']['pool'],
    shape: Omit<FeedShape, 'columns'>,
    input: { viewerId?: string; after?: FeedCursor },
  ) => Promise<Row[]>,
) {
  const kind = !viewer ? 'signedOut' : can(viewer, 'moderate_content') ? 'moderator' : 'member';
  return fetchPage(q, {
    decode: (cursor) => decodeFeedCursor(cursor, q.sort),
    read: (win) =>
      read(
        ctx.database.pool,
        { sort: q.sort, viewer: kind, cursor: win.after !== undefined, rows: win.limit + 1 },
        { viewerId: viewer?.id, after: win.after },
      ),
    cursorOf: (row) => encodeFeedCursor(q.sort, row),
  });
}

const postFragmentCaches = new WeakMap<AppContext, PostFragmentCache>();

function postFragmentCache(ctx: AppContext): PostFragmentCache {
  let cache = postFragmentCaches.get(ctx);
  if (!cache) {
    cache = new PostFragmentCache(ctx.config.feedCacheMs);
    postFragmentCaches.set(ctx, cache);
  }
  return cache;
}

/**
 * The plain feed for a signed-in viewer as JSON bytes (posts.fragments.ts): the page's stubs in
 * one statement, each post's shared text kept per node while its version holds. The same bytes as
 * writing listPlainFeed's answer.
 */
export async function signedInPlainFeedJson(
  ctx: AppContext,
  viewer: PostViewer,
  q: FeedQuery,
  urls: PublicUrls,
): Promise<Buffer> {
  const { items, pagination } = await fetchPlainFeedPage(ctx, viewer, q, readFeedStubs);
  const texts = await postFragmentCache(ctx).textsFor(ctx.database.pool, items, urls);
  return writeFragmentPage(texts, pagination);
}

/** GET /api/users/me/liked-posts: newest like first. */
export async function listLikedPosts(
  ctx: AppContext,
  viewer: PostViewer,
  q: LikedPostsQuery,
  urls: PublicUrls,
): Promise<PostList> {
  const { items, pagination } = await fetchPage(q, {
    decode: decodeTimeCursor,
    read: (win) => selectLikedPage(ctx.db, viewer, win),
    cursorOf: (row) => encodeTimeCursor(row.likedAt, row.id),
  });
  return { posts: await hydratePosts(ctx.db, items, viewer, urls), pagination };
}

export async function getLocationStats(ctx: AppContext, viewer: PostViewer | null): Promise<LocationStat[]> {
  return selectLocationStats(ctx.db, viewer, LOCATION_STATS_MAX);
}

/**
 * GET /api/posts/nearest-city: what "Use current location" offers when reverse geocoding fails,
 * a city members already post from (never the raw coordinates).
 */
export async function getNearestCity(
  ctx: AppContext,
  viewer: PostViewer | null,
  query: NearestCityQuery,
): Promise<NearestCity> {
  const found = await selectNearestCity(
    ctx.db,
    viewer,
    { latitude: query.lat, longitude: query.lon },
    NEAREST_CITY_MAX_KM,
  );
  return found
    ? { city: found.city, distanceKm: Math.round(found.distanceKm) }
    : { city: null, distanceKm: null };
}

/**
 * DELETE /api/posts/{id} (extension): the author or a moderator. A post the caller cannot see is
 * 404 as everywhere else; one they can see but do not own is 403.
 */
export async function deletePost(
  ctx: AppContext,
  viewer: PostViewer,
  postId: string,
): Promise<{ message: string }> {
  const post = await findPost(ctx.db, postId, viewer);
  if (!post) throw new AppError('NOT_FOUND', POST_MSG.notFound);
  if (post.authorId !== viewer.id && !can(viewer, 'moderate_content')) {
    throw new AppError('FORBIDDEN', POST_MSG.notAllowedToDelete);
  }
  const wentOut = await postAudience(ctx, postId);
  await ctx.db.transaction(async (tx) => {
    // Likes, comments, shares and media rows go with it (ON DELETE CASCADE); its uploads are
    // released (SET NULL) and may be attached again by their owner.
    if (await deletePostRow(tx, postId)) await bumpAuthorPostsCount(tx, post.authorId, -1);
  });
  if (wentOut) await afterCommit(ctx, () => federatePostGone(ctx, post.authorId, postId));
  // Every node's kept signed-out pages, not only this one's: a deleted post leaves them at once.
  await ctx.events.feedPagesStale();
  return { message: POST_MSG.deleted };
}
