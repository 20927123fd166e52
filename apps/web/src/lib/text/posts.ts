/** A post, its comments and sharing; profiles, tags, collections, places and search. Part of the catalogue in ../text.ts (import from there). */

import { POST_MSG, USER_MSG } from '@glimpse/shared';
import { COMMON_TEXT, FEED_TEXT } from './common';

export const POST_DETAIL_TEXT = {
  loading: 'Loading post...',
  notFound: POST_MSG.notFound,
  notFoundMessage: 'The post you are looking for does not exist.',
  failed: 'Failed to load post',
} as const;

export const COMMENT_TEXT = {
  placeholder: 'Write a comment...',
  submit: 'Post Comment',
  posting: 'Posting...',
  signIn: 'Please login to comment',
} as const;

/** Federation (issue 32): handles, accounts of other servers and where they come from. */
export const FEDERATION_TEXT = {
  ownHandleLabel: 'Your handle on the fediverse',
  ownHandleHint: 'People on Mastodon, Pixelfed and other servers can follow you by this handle.',
  copyHandle: 'Copy',
  copyHandleLabel: (handle: string) => `Copy your handle ${handle}`,
  handleCopied: 'Handle copied',
  copyFailed: 'Could not copy. Select the handle and copy it.',
  onServer: (host: string) => `on ${host}`,
  viewOnServer: (host: string) => `Their profile on ${host} (opens in a new tab)`,
  remoteEmptyTitle: 'No posts here yet',
  remoteEmpty: (handle: string) =>
    `Public posts by ${handle} show up here once someone on this server follows them.`,
  remoteNotFoundHint: (handle: string) =>
    `${handle} is not known here yet. Search for it to find the account on its own server.`,
  searchFor: (handle: string) => `Search for ${handle}`,
} as const;

/** SPEC §8 texts of the profile page. */
export const PROFILE_TEXT = {
  notFoundTitle: 'Profile Not Found',
  notFound: USER_MSG.userNotFound,
  loadFailed: 'Failed to load profile. Please try again.',
  likedAuthExpired: 'Authentication expired. Please log in again.',
  likedEndpointMissing: 'Liked endpoint not found. Please check server configuration.',
  likedEmpty: 'No liked posts yet',
  likedEnd: "You've reached the end of your liked posts",
  loadMorePosts: 'Load More Posts',
  loadMoreLiked: 'Load More Liked Posts',
} as const;

export const SHARE_TEXT = {
  title: 'Share',
  copy: 'Copy link',
  copied: 'Link copied!',
  copyFailed: 'Could not copy. Select the link and copy it.',
} as const;

/** Tagged people (issue 30): the post form's "Tag people", the names on a post, the Tagged tab. */
export const TAG_PEOPLE_TEXT = {
  label: 'Tag people',
  hint: 'Search members by name or username',
  placeholder: 'Search members',
  remove: (name: string) => `Remove ${name}`,
  limitReached: (max: number) => `You can tag at most ${max} people`,
  searching: 'Searching...',
  noMatches: 'No members found',
  searchFailed: 'Could not search members. Please try again.',
  suggestionsLabel: 'Members to tag',
  chosenLabel: 'Tagged people',
  /** Before the names on a post: "With Ava, Ben". */
  with: 'With',
  removeMe: 'Remove me',
  removeMeConfirm: 'Remove your tag from this post? You will no longer be named on it.',
  removed: 'You were removed from this post',
  removeFailed: 'Failed to remove your tag. Please try again.',
  taggedTab: 'Tagged',
  taggedEmpty: 'No tagged posts yet',
  taggedEmptyOwn: 'When people tag you in their posts, they show up here.',
  taggedLoading: 'Loading tagged posts...',
  taggedFailed: 'Failed to load tagged posts.',
  loadMore: 'Load More Tagged Posts',
} as const;

/** The tag page /tags/{tag} (issue 30). */
export const TAG_PAGE_TEXT = {
  loading: 'Loading posts...',
  loadingMore: 'Loading more posts...',
  failed: 'Failed to load posts. Please try again.',
  empty: 'No posts with this tag yet',
  emptyMessage: 'Posts tagged with it will show up here.',
  gridLabel: (tag: string) => `Posts tagged #${tag}`,
} as const;

/** Collections (issue 30). */
export const COLLECTION_TEXT = {
  collection: 'Collection',
  listLabel: 'Collections',
  newTitle: 'New collection',
  create: 'Create',
  createAndAdd: 'Create and add',
  add: 'Add',
  saveTo: 'Save to collection',
  added: (title: string) => `Saved to ${title}`,
  private: 'Private',
  loading: 'Loading collections...',
  failed: 'Failed to load collections.',
  notFound: 'Collection not found',
  empty: 'No collections yet',
  emptyMessage: 'Collections group saved posts. Create one here or from a post.',
  emptyPosts: 'Nothing here yet',
  emptyPostsMessage: 'Posts added to this collection show up here.',
  loadMore: 'Load More Posts',
  rename: 'Rename',
  renameTitle: 'Rename collection',
  titleLabel: 'Title',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Collection renamed',
  renameFailed: 'Failed to rename the collection',
  delete: 'Delete collection',
  deleteConfirm: 'Delete this collection? The posts in it stay saved. This cannot be undone.',
  deleted: 'Collection deleted',
  deleteFailed: 'Failed to delete the collection',
  ownerActions: 'Collection actions',
} as const;

export const POPULAR_CITIES_TEXT = {
  title: 'Popular Cities',
  loading: 'Loading cities...',
  failed: 'Failed to load cities.',
  empty: 'No cities yet.',
  retry: COMMON_TEXT.tryAgain,
} as const;

/** Every text of the search screen. Post texts are SPEC §2 Search, character for character. */
export const SEARCH_TEXT = {
  title: 'Search',
  prompt: 'Find posts, people, tags and places.',
  promptTitle: 'What are you looking for?',
  searching: 'Searching...',
  loadingMorePosts: FEED_TEXT.loadingMore,
  endPosts: "You've seen all posts",
  noPosts: FEED_TEXT.emptyTitle,
  tryAgain: FEED_TEXT.emptyMessage,
  loadingMoreUsers: 'Loading more people...',
  endUsers: "You've seen all people",
  noUsers: 'No users found',
  loadingMoreTags: 'Loading more tags...',
  endTags: "You've seen all tags",
  noTags: 'No tags found',
  loadingMorePlaces: 'Loading more places...',
  endPlaces: "You've seen all places",
  noPlaces: 'No places found',
  seeAll: 'See all',
} as const;

/** SPEC §2: "A follow action only shows an alert" — this is that alert (a toast, see useSearchFollowAlert). */
export function followAlertText(username: string): string {
  return `To follow @${username}, visit their profile.`;
}
