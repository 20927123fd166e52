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

/** Editing and deleting one's own posts and comments (issue 30). */
export const EDIT_POST_TEXT = {
  edit: 'Edit',
  editPost: 'Edit post',
  editComment: 'Edit comment',
  deletePost: 'Delete post',
  deletePostConfirm: 'Delete this post? Its photos, likes and comments go with it. This cannot be undone.',
  deleted: 'Post deleted',
  deleteFailed: 'Failed to delete post',
  heading: 'Edit Post',
  save: 'Save changes',
  saving: 'Saving...',
  saved: 'Post updated',
  saveFailed: 'Failed to update post',
  cancel: 'Cancel',
  edited: 'Edited',
  loading: 'Loading post...',
  notYours: 'You can only edit your own posts',
  removePhoto: 'Remove photo',
  moveEarlier: 'Move photo earlier',
  moveLater: 'Move photo later',
  altText: 'Alt text',
  photoLabel: (n: number) => `Photo ${n}`,
  keepOnePhoto: 'A post keeps at least one photo',
  commentSave: 'Save',
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

export const USERS_LIST_TEXT = {
  authRequired: 'Authentication required. Please log in again.',
  nonJson: COMMON_TEXT.nonJson,
  invalidFormat: 'Invalid response format from server',
  httpStatus: (status: number) => `HTTP ${status}`,
  loadFailed: 'Failed to load users',
  noUsers: 'No users available',
  noMatches: 'No users found matching your search',
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

export const FOLLOWING_EMPTY_TEXT = {
  title: 'Your Following feed is empty',
  message: 'Follow people and their posts show up here. A few to start with:',
  showPosts: 'Show their posts',
  noOne: 'No one to suggest yet. Explore posts and follow the people behind them.',
} as const;

/** The notifications page, the badges and the live toasts (issue 13). */
export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  markAllRead: 'Mark All Read',
  allCaughtUp: 'All caught up',
  unread: (n: number) => `${n} unread`,
  unreadDot: 'unread',
  tabsLabel: 'Notification types',
  listLabel: (tab: string) => `${tab} notifications`,
  emptyTitle: (tab: string) => (tab === 'All' ? 'No notifications yet' : `No ${tab.toLowerCase()} yet`),
  emptyMessage: {
    all: "When people like or comment on your posts, follow you or mention you, you'll see it here.",
    likes: "When someone likes one of your posts, you'll see it here.",
    comments: "When someone comments on one of your posts, you'll see it here.",
    follows: "When someone follows you, you'll see it here.",
    mentions: "When someone mentions you with @ in a post or a comment, you'll see it here.",
  },
  loadingMore: 'Loading more notifications...',
  end: "You're all caught up",
  loadFailed: 'Could not load notifications.',
  markFailed: 'Could not mark notifications as read. Please try again.',
  /** "ava liked your post" / "ava and 3 others liked your post". */
  actors: (name: string, others: number) =>
    others === 0 ? name : `${name} and ${others} ${others === 1 ? 'other' : 'others'}`,
  action: {
    like: 'liked your post',
    comment: 'commented on your post',
    follow: 'started following you',
    follow_request: 'asked to follow you',
    mention: (inComment: boolean) => (inComment ? 'mentioned you in a comment' : 'mentioned you in a post'),
  },
  follow: 'Follow',
  following: 'Following',
  badge: (n: number) => `${n} unread`,
  newMessage: (name: string, content: string) => `New message from ${name}: ${content}`,
} as const;

/** The service worker's "a new version is ready" bar. */
export const UPDATE_TEXT = {
  available: 'A new version of Glimpse is available.',
  reload: 'Reload to update',
  dismiss: 'Not now',
} as const;

/** Reports, the moderation page, roles, blocks (issue 14). Server texts stay in MOD_MSG. */
export const MODERATION_TEXT = {
  report: 'Report',
  reportPost: 'Report post',
  reportComment: 'Report comment',
  reportUser: 'Report user',
  reportTitle: {
    post: 'Report this post',
    comment: 'Report this comment',
    user: 'Report this member',
  },
  reportIntro: 'Why are you reporting this? Moderators will review it.',
  reasonLegend: 'Reason',
  reasons: {
    spam: 'Spam',
    harassment: 'Harassment or bullying',
    nudity: 'Nudity or sexual content',
    violence: 'Violence or threats',
    other: 'Something else',
  },
  detailsLabel: 'Details (optional)',
  send: 'Send report',
  cancel: 'Cancel',
  close: 'Close',
  reportSentTitle: 'Report sent',
  moreOptions: 'More options',
  deleteComment: 'Delete comment',
  deleteCommentConfirm: 'Delete this comment? This cannot be undone.',
  delete: 'Delete',
  removedPost: 'Removed by a moderator. Only you can see this post.',
  removedComment: 'Removed by a moderator. Only you can see this comment.',
  block: 'Block',
  unblock: 'Unblock',
  blockUser: (username: string) => `Block @${username}`,
  unblockUser: (username: string) => `Unblock @${username}`,
  blockConfirmTitle: (username: string) => `Block @${username}?`,
  blockConfirm:
    "Neither of you will see the other's posts, comments or profile, follows between you end, and neither can message the other.",
  blockedNotice: "You blocked this member. You won't see their posts or messages.",
  blockingIntro: "Members you blocked. They can't see your posts or profile, or message you.",
  blockingEmpty: "You haven't blocked anyone.",
  blockingLoadFailed: 'Could not load the members you blocked.',
  blockedOn: (date: string) => `Blocked ${date}`,
  pageTitle: 'Moderation',
  queueTab: { open: 'Open', resolved: 'Resolved' },
  queueEmpty: { open: 'No open reports. All clear.', resolved: 'No resolved reports yet.' },
  queueLoadFailed: 'Could not load the reports.',
  loadingQueue: 'Loading reports...',
  loadingMoreReports: 'Loading more reports...',
  loadMoreReports: 'Load more reports',
  reportedBy: (username: string) => `Reported by @${username}`,
  targetGone: 'The reported content no longer exists.',
  viewPost: 'View post',
  targetRemoved: 'Removed',
  targetSuspended: 'Suspended',
  noteLabel: 'Note for the audit log (optional)',
  dismiss: 'Dismiss',
  remove: 'Remove content',
  suspend: 'Suspend member',
  unsuspend: 'Lift suspension',
  resolvedAs: { dismiss: 'Dismissed', remove: 'Removed', suspend: 'Member suspended' },
  resolvedBy: (username: string) => `by @${username}`,
  actionFailed: 'The action failed. Please try again.',
  rolesTitle: 'Roles',
  rolesIntro: 'Find a member by username, then choose their roles. Only admins can do this.',
  rolesUsername: 'Username',
  rolesFind: 'Find',
  rolesNotFound: 'No member with that username.',
  rolesAdmin: 'Admin (every permission)',
  rolesModerator: 'Moderator (review reports, remove content, suspend)',
  rolesSave: 'Save roles',
  rolesSaved: 'Roles saved',
  auditTitle: 'Audit log',
  auditEmpty: 'No moderation actions yet.',
  auditActor: (username: string | null) => (username ? `@${username}` : 'Command line'),
  noAccess: 'You need moderator rights to see this page.',
} as const;

/** A private account seen by someone who does not follow it. */
export const PRIVATE_PROFILE_TEXT = {
  title: 'This account is private',
  follow: (name: string) => `Follow ${name} to see their photos.`,
  requested: 'Your follow request is waiting for an answer.',
  requestedLabel: 'Requested',
} as const;
