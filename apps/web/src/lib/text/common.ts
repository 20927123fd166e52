/** Texts of the navigation, the feeds and their cards: what a first screen may show. Part of the catalogue in ../text.ts (import from there). */

import { SOCKET_ERRORS } from '@glimpse/shared';

/** Texts more than one screen shows. */
export const COMMON_TEXT = {
  tryAgain: 'Try Again',
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  /** SPEC §8 (user list); also any OK answer whose body is not JSON. */
  nonJson: 'Server returned non-JSON response',
  passwordHint: 'At least 6 characters',
  loadingProfile: 'Loading profile...',
  somethingWentWrong: SOCKET_ERRORS.internal,
  /** The fallback alt text of one photo of several: "Sunset (photo 2)". */
  nthPhoto: (title: string, index: number) => `${title} (photo ${index + 1})`,
} as const;

/** SPEC §2/§8 texts of a post feed; screens may override them (search: "You've seen all posts"). */
export const FEED_TEXT = {
  loading: 'Loading posts...',
  loadingMore: 'Loading more posts...',
  end: "You've seen all posts!",
  emptyTitle: 'No posts found',
  emptyMessage: 'Try adjusting your filters or search query.',
  error: 'Failed to load posts. Please try again.',
  pullToRefresh: 'Pull to refresh',
  releaseToRefresh: 'Release to refresh',
  refreshing: 'Refreshing...',
} as const;

/** The few words of moderation, editing and notifications a feed card or the navigation shows. */
export const CARD_TEXT = {
  moreOptions: 'More options',
  removedPost: 'Removed by a moderator. Only you can see this post.',
  edited: 'Edited',
  unread: (n: number) => `${n} unread`,
  /** A post or comment by an account of another server (ActivityPub): where it comes from. */
  fromServer: (host: string) => `From ${host}`,
} as const;

/** Saved posts (issue 30). */
export const SAVE_TEXT = {
  save: 'Save',
  unsave: 'Remove from saved',
  savedTab: 'Saved',
  savedEmpty: 'No saved posts yet',
  savedEmptyMessage: 'Tap the bookmark on a post to keep it here. Only you can see what you save.',
  loading: 'Loading saved posts...',
  failed: 'Failed to load saved posts.',
  loadMore: 'Load More Saved Posts',
  saveFailed: 'Failed to save post. Please try again.',
} as const;

/** The navigation's search box: suggestions as one types, recent searches when it is empty. */
export const SEARCH_BOX_TEXT = {
  label: 'Search',
  placeholder: 'Search for ...',
  suggestions: 'Suggestions',
  people: 'People',
  tags: 'Tags',
  places: 'Places',
  recent: 'Recent searches',
  clear: 'Clear',
  remove: (query: string) => `Remove "${query}" from recent searches`,
  posts: (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`,
} as const;

/** SPEC §8 "Unlike failure". */
export const UNLIKE_FAILED_MESSAGE = 'Failed to unlike post. Please try again.';

export const OFFLINE_BANNER_TEXT =
  "You're offline. What's already loaded stays here; likes, comments and messages need a connection.";

/** A page with nothing cached, offline: above its own error and "Try Again". */
export const OFFLINE_PAGE_TEXT = "You're offline and this page hasn't been saved on this device yet.";

/** What a like or comment says when it cannot reach the server (it is not queued for later). */
export const OFFLINE_ACTION_TEXT = {
  like: "You're offline, so your like wasn't saved. Try again when you're back online.",
  comment: "You're offline, so your comment wasn't posted. It's still here: send it when you're back online.",
} as const;

/** The service worker's "a new version is ready" bar. */
export const UPDATE_TEXT = {
  available: 'A new version of Glimpse is available.',
  reload: 'Reload to update',
  dismiss: 'Not now',
} as const;

/** A private account seen by someone who does not follow it. */
export const PRIVATE_PROFILE_TEXT = {
  title: 'This account is private',
  follow: (name: string) => `Follow ${name} to see their photos.`,
  requested: 'Your follow request is waiting for an answer.',
  requestedLabel: 'Requested',
} as const;
