/**
 * The web app's own text catalogue: every user-facing text the screens show that the server does
 * not send, once. Texts both sides share (SPEC §5 validation, §8 server errors) live in
 * @glimpse/shared's MSG; screens import from here or there, never write a literal twice.
 */

import { MAX_IMAGES_PER_POST, MSG, POST_MSG, SOCKET_ERRORS, USER_MSG, type Privacy } from '@glimpse/shared';

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

/** Every user-facing text of the chat screen that SPEC §2/§8 fixes (tests compare them exactly). */
export const CHAT_TEXT = {
  connecting: 'Connecting to chat server...',
  /** `reason` may be the transport's own words ("websocket error"): they are put in plain words. */
  connectFailed: (reason: string) => `Failed to connect to chat server: ${connectFailureReason(reason)}`,
  authFailed: SOCKET_ERRORS.authenticationFailed,
  invalidChat: 'Invalid chat selected',
  invalidConversation: 'Invalid conversation selected',
  loadConversationsFailed: (reason: string) => `Failed to load conversations: ${reason}`,
  loadMessagesFailed: (reason: string) => `Failed to load messages: ${reason}`,
  sendFailed: SOCKET_ERRORS.sendFailed,
  deleteFailed: (reason: string) => `Failed to delete chat: ${reason}`,
  createFailed: (reason: string) => `Failed to create chat: ${reason}`,
  loadingConversations: 'Loading conversations...',
  noConversations: 'No conversations found',
  welcomeTitle: 'Welcome to Messages',
  welcomeMessage: 'Select a conversation to start messaging',
  activeNow: 'Active now',
  archive: 'Archive Chat',
  unarchive: 'Move to All',
  deleteConfirm:
    'Delete this chat? The entire message history will be permanently deleted and cannot be recovered.',
  disconnected: "Disconnected from the chat server. Messages can't be sent until the connection is back.",
} as const;

/** The transport's words (socket.io / engine.io) for a connection that could not be made. */
const UNREACHABLE = new Set([
  'websocket error',
  'xhr poll error',
  'xhr post error',
  'transport error',
  'transport close',
  'server error',
]);

export const CONNECT_REASON_TEXT = {
  offline: "you're offline. It will connect again when the network is back.",
  unreachable: "the server can't be reached right now. Check your connection and try again.",
  timeout: 'the server took too long to answer. Try again in a moment.',
  unreadable: 'the server answered in a way the app could not read. Try again in a moment.',
} as const;

/**
 * The `{reason}` of "Failed to connect to chat server: {reason}" in words a person can act on.
 * Transport jargon never reaches the banner; a reason the server put in words is kept.
 */
export function connectFailureReason(raw: string): string {
  const key = raw.trim().toLowerCase();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return CONNECT_REASON_TEXT.offline;
  if (key === 'timeout') return CONNECT_REASON_TEXT.timeout;
  if (key === 'parser error') return CONNECT_REASON_TEXT.unreadable;
  if (!key || UNREACHABLE.has(key) || /^(xhr|websocket|transport|engine)\b/.test(key))
    return CONNECT_REASON_TEXT.unreachable;
  return raw.trim();
}

export const POST_DETAIL_TEXT = {
  loading: 'Loading post...',
  notFound: POST_MSG.notFound,
  notFoundMessage: 'The post you are looking for does not exist.',
  failed: 'Failed to load post',
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

export const COMMENT_TEXT = {
  placeholder: 'Write a comment...',
  submit: 'Post Comment',
  posting: 'Posting...',
  signIn: 'Please login to comment',
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

export const SETTINGS_TEXT = {
  sessionExpired: 'Session expired',
  network: 'Network error. Please check your connection.',
  unexpected: MSG.unexpectedError,
  loadUserFailed: 'Failed to load user data. Please refresh the page.',
  profileFailed: 'Failed to update profile. Please try again.',
  invalidImage: 'Invalid image file',
  avatarFailed: 'Failed to upload avatar. Please try again.',
  passwordFailed: 'Failed to change password. Please try again.',
  noChanges: 'No changes to save',
} as const;

/** SPEC §5 texts of the image picker that only the client shows. */
export const IMAGE_MSG = {
  tooMany: (current: number, adding: number) =>
    `You can upload maximum ${MAX_IMAGES_PER_POST} images per post. Currently have ${current}, trying to add ${adding} more.`,
  onlyImages: MSG.onlyImages,
  tooLarge: MSG.imageTooLarge,
  duplicate: (name: string) => `File "${name}" is already selected`,
  /** One left-out file of a pick: its name, then the rule it broke (the duplicate rule names it already). */
  leftOut: (name: string, reason: string) =>
    reason === `File "${name}" is already selected` ? reason : `${name}: ${reason}`,
} as const;

/** SPEC §8 "Post creation" texts. */
export const CREATE_POST_MSG = {
  required: MSG.postRequired,
  uploadFailed: 'Failed to upload images',
  createFailed: 'Failed to create post',
  success: 'Post created successfully!',
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
  taggedEmptyOther: 'Posts this member is tagged in show up here.',
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

/** SPEC §8 "Location" texts, exact. */
export const LOCATION_MSG = {
  notSupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied by user',
  unavailable: 'Location information is unavailable',
  timeout: 'Location request timed out',
  unknown: 'An unknown error occurred while getting location',
  addressFailed: 'Failed to get address for current location',
} as const;

/** The location picker's own words around the spec's messages. */
export const LOCATION_TEXT = {
  /** Offered when reverse geocoding failed, or when a typed place is already there. */
  acceptFound: (place: string) => `Use ${place}`,
  nearestCity: (city: string) => `Nearest city with posts: ${city}`,
  foundPlace: (place: string) => `Found: ${place}`,
  /** The device position shown as a hint, never as the place's name. */
  positionHint: (coordinates: string) => `Your position: ${coordinates}`,
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

/** SPEC §2: "A follow action only shows an alert" — this is that alert (a toast, see useSearchFollowAlert). */
export function followAlertText(username: string): string {
  return `To follow @${username}, visit their profile.`;
}

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

export const PRIVACY_LABELS: Record<Privacy, string> = {
  public: 'Public',
  followers: 'Followers',
  friends: 'Friends',
  private: 'Private',
};

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
    mentions: "When someone mentions you with @ or tags you in a post, you'll see it here.",
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
    tag: 'tagged you in a post',
  },
  follow: 'Follow',
  following: 'Following',
  badge: (n: number) => `${n} unread`,
  newMessage: (name: string, content: string) => `New message from ${name}: ${content}`,
} as const;

/** Settings → Notifications. */
export const NOTIFICATION_SETTINGS_TEXT = {
  title: 'Notifications',
  intro: 'Choose what you are told about. Switched-off types are not collected at all.',
  likes: 'Likes on your posts',
  comments: 'Comments on your posts',
  follows: 'New followers',
  mentions: 'Mentions of you',
  tags: 'Tags of you in posts',
  followRequests: 'Requests to follow your private account',
  loadFailed: 'Could not load your notification settings.',
  saveFailed: 'Could not save that setting. Please try again.',
} as const;

/** Settings → Account → Your data: export and delete. */
export const YOUR_DATA_TEXT = {
  title: 'Your data',
  exportHeading: 'Download your data',
  exportHint:
    'A zip file with your profile, posts (with their comments, likes and tagged people), your comments, your chats, who you follow and who follows you, your saved posts and collections, the posts you are tagged in, and your original photos.',
  exportButton: 'Download my data',
  exportPreparing: 'Preparing your download...',
  exportProgress: (bytes: string) => `Downloading... ${bytes}`,
  exportDone: 'Your data has been downloaded.',
  exportFailed: 'Failed to download your data. Please try again.',
  deleteHeading: 'Delete account',
  deleteHint: 'Deleting your account cannot be undone.',
  deleteButton: 'Delete account',
  deleteDialogTitle: 'Delete your account?',
  deleteDialogIntro: 'This permanently deletes, for everyone:',
  deleteLosses: [
    'your profile, and your username becomes free for anyone',
    'all your posts and their photos, with the comments and likes they received',
    'your comments and likes on other posts',
    'who you follow and who follows you',
    'your chats: your one-to-one conversations disappear for the other person too',
    'your notifications; you are signed out on every device',
  ],
  deleteDownloadFirst: 'You may want to download your data first.',
  deletePasswordLabel: 'Enter your password to confirm',
  deleteConfirm: 'Delete my account',
  deleteCancel: 'Cancel',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete your account. Please try again.',
  deleted: 'Your account has been deleted.',
} as const;

/** The service worker's "a new version is ready" bar. */
export const UPDATE_TEXT = {
  available: 'A new version of Glimpse is available.',
  reload: 'Reload to update',
  dismiss: 'Not now',
} as const;

/** /create-post drafts (kept on this device until posted or discarded). */
export const DRAFT_TEXT = {
  restored: 'We restored your unfinished post.',
  saved: 'Draft saved on this device',
  discard: 'Discard draft',
  discarded: 'Draft discarded',
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

/** Forgot and reset password (issue 33). */
export const RESET_TEXT = {
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: 'We can help you get back into your account.',
  forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  send: 'Send reset link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  sent: (email: string) =>
    `If an account uses ${email}, a link to choose a new password is on its way. It works once, within an hour.`,
  noMail:
    'This Glimpse server cannot send email, so a reset link cannot be mailed to you. Please ask the administrator of this server: they can give you a one-time link to choose a new password.',
  stillKnow:
    'If you still know your password and want to change it, log in and open Settings, then Security, to set a new one.',
  loadingConfig: 'Loading...',
  backToLogin: 'Back to Log In',
  newAccount: 'New to Glimpse?',
  createAccount: 'Create an account',
  resetTitle: 'Choose a new password',
  resetSubtitle: 'Your other devices will be signed out.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  save: 'Set new password',
  saving: 'Saving...',
  doneTitle: 'Password reset',
  logIn: 'Log In',
  requestAnother: 'Request a new link',
  failed: 'Failed to reset the password. Please try again.',
} as const;

/** The second step of signing in with two-factor on. */
export const TWO_FACTOR_LOGIN_TEXT = {
  title: 'Two-factor sign-in',
  subtitle: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  code: 'Code',
  codeHint: '6 digits, or a recovery code such as ABCDE-FGHIJ',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Use another account',
} as const;

/** Settings → Privacy. */
export const PRIVACY_SETTINGS_TEXT = {
  title: 'Private account',
  hint: 'Only people you approve see your posts, whatever their privacy. Your profile header stays visible. Switching back to public accepts every waiting request.',
  switchLabel: 'Private account',
  saveFailed: 'Could not change your account privacy. Please try again.',
  requestsTitle: 'Follow requests',
  requestsEmpty: 'No one is waiting for an answer.',
  requestsLoadFailed: 'Could not load your follow requests.',
  accept: 'Accept',
  decline: 'Decline',
  acceptUser: (username: string) => `Accept ${username}'s follow request`,
  declineUser: (username: string) => `Decline ${username}'s follow request`,
  requestedAgo: (when: string) => `Asked ${when}`,
} as const;

/** Settings → Security. */
export const SECURITY_TEXT = {
  sessionsTitle: 'Where you are signed in',
  sessionsHint: 'Sign out of a device you no longer use or do not recognise.',
  sessionsLoadFailed: 'Could not load your sessions.',
  thisDevice: 'This device',
  signedIn: (when: string) => `Signed in ${when}`,
  lastSeen: (when: string) => `Last active ${when}`,
  signOut: 'Sign out',
  signOutDevice: (device: string) => `Sign out of ${device}`,
  signOutOthers: 'Sign out of all other sessions',
  othersEnded: (n: number) =>
    n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.`,
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorOffHint:
    'Ask for a code from an authenticator app (such as Aegis, Google Authenticator or 1Password) when you sign in.',
  twoFactorOnHint: 'Signing in asks for a code from your authenticator app.',
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off two-factor sign-in',
  scan: 'Scan this QR code with your authenticator app, or type the key in by hand.',
  qrAlt: 'QR code to add Glimpse to an authenticator app',
  secretLabel: 'Setup key',
  confirmCode: 'Code from the app',
  confirm: 'Turn on',
  confirming: 'Turning on...',
  cancel: 'Cancel',
  recoveryTitle: 'Your recovery codes',
  recoveryHint:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown this one time only.',
  recoverySaved: 'I have saved them',
  recoveryListLabel: 'Recovery codes',
  disableHint: 'Enter your password and a current code (or a recovery code) to turn it off.',
  password: 'Password',
  code: 'Code',
  disabling: 'Turning off...',
  enabledToast: 'Two-factor sign-in is on.',
  disabledToast: 'Two-factor sign-in is off.',
  passwordTitle: 'Change password',
  passwordHint: 'Your other sessions will be signed out; this one stays signed in.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  changing: 'Changing...',
} as const;

/** A private account seen by someone who does not follow it. */
export const PRIVATE_PROFILE_TEXT = {
  title: 'This account is private',
  follow: (name: string) => `Follow ${name} to see their photos.`,
  requested: 'Your follow request is waiting for an answer.',
  requestedLabel: 'Requested',
} as const;

/** Sign-in and sign-up that return the member where they were (features/auth/after-sign-in.ts). */
export const AFTER_SIGN_IN_TEXT = {
  continueBack: 'Continue where you were',
  takingYouBack: 'Taking you back...',
  welcome: 'Welcome to Glimpse!',
  accountReady: 'Your account is ready.',
  findPeople: 'Find people to follow',
  findPeopleMessage: 'Follow a few members and their posts fill your Following feed. You can skip this.',
  skip: 'Skip for now',
  done: 'Continue',
} as const;
