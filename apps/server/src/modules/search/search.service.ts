import {
  SEARCH_SUGGESTIONS_PER_KIND,
  type SearchQuery,
  type SearchResponse,
  type SearchSuggestions,
  type SearchSuggestionsQuery,
  type SearchType,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { hydratePosts } from '../posts/posts.hydrate.js';
import { withVisiblePostsCounts, type PostViewer } from '../posts/posts.visibility.js';
import { followedAmong } from '../users/follows.repo.js';
import { toPublicUser } from '../users/users.mapper.js';
import { isBlockedBetween } from '../users/blocks.repo.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import { looksLikeRemoteAccount, resolveRemoteAccount } from '../federation/federation.inbox.service.js';
import {
  searchPlaces,
  searchPosts,
  searchPostsByMembers,
  searchPostsInPlace,
  searchUsers,
  readNameTiers,
  MEMBERS_FOR_POSTS,
  type SearchWindow,
} from './search.repo.js';
import { searchPostsByTag, searchTags } from './search.tags.js';

/** Rows come back limit + 1: the extra one only says that another page exists. */
function pageOf<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A list that was not asked for: answered as an empty array without touching the database. */
const none = Promise.resolve([] as never[]);

/** Where `results.posts` comes from for each type (SPEC §3 "search result (results.posts)"). */
const POSTS_OF: Record<SearchType, typeof searchPosts> = {
  all: searchPosts,
  posts: searchPosts,
  users: searchPostsByMembers,
  tags: searchPostsByTag,
  places: searchPostsInPlace,
};

/**
 * FEDERATION: a search for `@user@host` (or an actor URL) on its first page resolves that account
 * on its server and answers it first among the people, unless it is already listed. Never across
 * a block.
 */
async function remoteAccountAnswer(
  ctx: AppContext,
  q: SearchQuery,
  viewer: PostViewer | null,
  listed: { id: string }[],
): Promise<{ row: UserRow; followed: boolean } | null> {
  if (!ctx.federation || q.page !== 1 || (q.type !== 'all' && q.type !== 'users')) return null;
  if (!looksLikeRemoteAccount(q.q)) return null;
  const id = await resolveRemoteAccount(ctx, q.q);
  if (!id || listed.some((u) => u.id === id)) return null;
  if (viewer && (await isBlockedBetween(ctx.db, viewer.id, id))) return null;
  const row = await findUserById(ctx.db, id);
  if (!row) return null;
  const followed = viewer ? (await followedAmong(ctx.db, viewer.id, [id])).has(id) : false;
  return { row, followed };
}

/**
 * GET /api/search. `results.posts` is always filled: the text's posts for `all` and `posts`, the
 * posts of the matching members for `users`, posts carrying a matching tag for `tags`, posts in a
 * matching place for `places`. The type's own list is filled beside it (`all` fills every list),
 * the others are empty arrays. `hasNextPage` is true when any list that was asked for has another
 * page. Privacy applies to posts, tag counts and place counts alike.
 */
export async function search(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: SearchQuery,
  urls: PublicUrls,
): Promise<SearchResponse> {
  const win: SearchWindow = { limit: q.limit, offset: (q.page - 1) * q.limit };
  const wants = (type: Exclude<SearchType, 'all' | 'posts'>) => q.type === 'all' || q.type === type;

  const viewerId = viewer?.id ?? null;
  // type=users reads its best name matches once, for its people page and for their posts.
  const nameTiers = q.type === 'users' ? readNameTiers(ctx.db, q.q, MEMBERS_FOR_POSTS, viewerId) : null;
  // Each list goes on to what it needs next (posts to their authors and images, people to their
  // counts and follows) as soon as its own rows arrive, not once every list has.
  const postsAnswer = (
    nameTiers
      ? nameTiers.then((members) => searchPostsByMembers(ctx.db, q.q, viewer, win, members))
      : POSTS_OF[q.type](ctx.db, q.q, viewer, win)
  ).then(async (rows) => {
    const page = pageOf(rows, q.limit);
    return { ...page, items: await hydratePosts(ctx.db, page.items, viewer, urls) };
  });
  const usersAnswer = (
    nameTiers
      ? nameTiers.then((members) => searchUsers(ctx.db, q.q, win, viewerId, members))
      : wants('users')
        ? searchUsers(ctx.db, q.q, win, viewerId)
        : none
  ).then(async (rows) => {
    const page = pageOf(rows, q.limit);
    const [counted, followed] = await Promise.all([
      withVisiblePostsCounts(ctx.db, page.items, viewer),
      viewer
        ? followedAmong(
            ctx.db,
            viewer.id,
            page.items.map((u) => u.id),
          )
        : null,
    ]);
    return { ...page, counted, followed };
  });
  const [postsPage, usersPage, tagsPage, placesPage] = await Promise.all([
    postsAnswer,
    usersAnswer,
    (wants('tags') ? searchTags(ctx.db, q.q, viewer, win) : none).then((rows) => pageOf(rows, q.limit)),
    (wants('places') ? searchPlaces(ctx.db, q.q, viewer, win) : none).then((rows) => pageOf(rows, q.limit)),
  ]);
  const posts = postsPage.items;
  const { counted: shownUsers, followed } = usersPage;
  const remote = await remoteAccountAnswer(ctx, q, viewer, shownUsers);
  // isFollowedByUser exists only for a signed-in viewer (API.md PublicUser).
  const users = shownUsers.map((row) =>
    toPublicUser(row, urls, followed ? { isFollowedByUser: followed.has(row.id) } : {}),
  );
  if (remote)
    users.unshift(toPublicUser(remote.row, urls, viewer ? { isFollowedByUser: remote.followed } : {}));

  return {
    query: q.q,
    type: q.type,
    results: { posts, users, tags: tagsPage.items, places: placesPage.items },
    pagination: {
      currentPage: q.page,
      hasNextPage: postsPage.hasMore || usersPage.hasMore || tagsPage.hasMore || placesPage.hasMore,
      hasPrevPage: q.page > 1,
      // Relevance order has no stable keyset; search pages by number only.
      nextCursor: null,
    },
  };
}

/**
 * GET /api/search/suggestions: what the navigation's search offers while a member types, the
 * first SEARCH_SUGGESTIONS_PER_KIND people, tags and places in GET /api/search's own order and
 * under the same privacy, blocks and counts, but no posts (the costly part of a search).
 */
export async function searchSuggestions(
  ctx: AppContext,
  viewer: PostViewer | null,
  q: SearchSuggestionsQuery,
  urls: PublicUrls,
): Promise<SearchSuggestions> {
  const win: SearchWindow = { limit: SEARCH_SUGGESTIONS_PER_KIND, offset: 0 };
  const viewerId = viewer?.id ?? null;
  const [users, tags, places] = await Promise.all([
    searchUsers(ctx.db, q.q, win, viewerId).then(async (rows) => {
      const shown = rows.slice(0, win.limit);
      const [counted, followed] = await Promise.all([
        withVisiblePostsCounts(ctx.db, shown, viewer),
        viewer
          ? followedAmong(
              ctx.db,
              viewer.id,
              shown.map((u) => u.id),
            )
          : null,
      ]);
      return counted.map((row) =>
        toPublicUser(row, urls, followed ? { isFollowedByUser: followed.has(row.id) } : {}),
      );
    }),
    searchTags(ctx.db, q.q, viewer, win).then((rows) => rows.slice(0, win.limit)),
    searchPlaces(ctx.db, q.q, viewer, win).then((rows) => rows.slice(0, win.limit)),
  ]);
  return { query: q.q, users, tags, places };
}
