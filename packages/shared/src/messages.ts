import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_TITLE_MAX_LENGTH,
  COLLECTIONS_LIST_MAX,
  CATEGORIES,
  COMMENT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  FEED_CATEGORIES,
  FEED_SORTS,
  MAX_IMAGES_PER_POST,
  MAX_PAGE_LIMIT,
  MAX_TAGGED_USERS,
  MAX_TAGS,
  NOTIFICATION_FILTERS,
  PRIVACY_VALUES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
  SHARE_TYPES,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
  MODERATION_NOTE_MAX_LENGTH,
} from './constants.js';

/**
 * The one catalogue of texts the server sends and both sides show. Each text is written here once;
 * code refers to it by key. SPEC §5 and §8 texts are exact: clients compare them.
 * (The web app's own screen texts live in its catalogue, apps/web/src/lib/text.ts.)
 */
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email format is invalid',
  emailProviderLogin: 'Please use a mainstream email provider',
  emailProviderRegister: 'Please use a mainstream email provider (Gmail, QQ, 163, Yahoo, Outlook, etc.)',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 30 characters',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  emailExists: 'Email already exists',
  usernameTaken: 'Username already taken',
  accountNotFound: 'Account not found. Please check your email or register.',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  registered: 'User registered successfully',
  loggedIn: 'Login successful',

  accessTokenRequired: 'Access token required',
  tokenExpired: 'Token expired',
  invalidToken: 'Invalid token',
  authenticationRequired: 'Authentication required',

  postRequired: 'Title, Description and Category are required',
  onlyImages: 'Please select only image files',
  imageTooLarge: 'Each image should be less than 10MB',
  commentRequired: 'Comment content is required',
  cannotFollowSelf: 'Cannot follow yourself',

  validEmail: 'Please enter a valid email address',
  validWebsite: 'Please enter a valid website URL',
  validPhone: 'Please enter a valid phone number',
  bioTooLong: 'Bio must be at most 500 characters',
  usernameIsTaken: 'Username is already taken',
  emailInUse: 'Email is already in use',
  avatarInvalid: 'Please select a valid image file',
  avatarTooLarge: 'Image size should be less than 5MB',
  avatarSingleFile: 'Please select a single image file',
  currentPasswordIncorrect: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required to change password',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: 'New password must be at least 6 characters',
  newPasswordTooShortServer: 'New password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',

  queryEmpty: 'Query cannot be empty',
  accessDenied: 'Access denied',
  chatDeleted: 'Chat deleted successfully',
  archivedInvalid: 'Archived must be true or false',
  chatNotCreated: 'Chat could not be created, please try again',
  invalidParticipant: 'Invalid participant ID',

  invalidData: 'Invalid data provided',
  malformedJson: 'Malformed JSON body',
  malformedMultipart: 'Malformed multipart body: send the files as multipart/form-data with its boundary',
  multipartRequired: 'Send the images as multipart/form-data',
  unsafeTextIn: (where: string) => `${where} may not contain NUL characters or unpaired surrogates`,
  pageInvalid: 'page must be an integer of 1 or more',
  limitInvalid: `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`,
  cursorInvalid: 'cursor is invalid',
  invalidId: 'Invalid ID',
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  mediaNotFound: 'Media not found',
  conflict: 'Conflict',
  bodyTooLarge: 'Request body is too large',
  uriTooLong: 'The request address is too long',
  unsupportedContentType: 'Unsupported content type',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Internal server error',
  wrongFileField: (field: string) => `Images must be sent in the "${field}" field`,
  fieldTooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** Texts of the posts and media calls that SPEC/API.md leave to us. */
export const POST_MSG = {
  created: 'Post created successfully',
  deleted: 'Post deleted successfully',
  notFound: 'Post not found',
  invalidPostId: 'Invalid post ID',
  notAllowedToDelete: 'You can only delete your own posts',
  updated: 'Post updated successfully',
  notAllowedToEdit: 'You can only edit your own posts',
  nothingToUpdate: 'Send at least one field to change',
  imageNotInPost: 'Each image must be one of the images of this post',
  notAllowedToEditComment: 'You can only edit your own comments',
  tagRequired: 'A tag is required',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  contentTooLong: `Description must be at most ${CONTENT_MAX_LENGTH} characters`,
  invalidCategory: `Category must be one of ${CATEGORIES.join(', ')}`,
  invalidPrivacy: `Privacy must be one of ${PRIVACY_VALUES.join(', ')}`,
  tooManyTags: `You can add at most ${MAX_TAGS} tags`,
  tagTooLong: `Each tag must be at most ${TAG_MAX_LENGTH} characters`,
  tagsNotText: 'Tags must be a list of text',
  tagNotText: 'Each tag must be text',
  tooManyImages: `You can upload maximum ${MAX_IMAGES_PER_POST} images per post`,
  noImages: 'Please select at least one image',
  imageUrlRequired: 'Each image needs a url',
  imageTooManyPixels: 'Image dimensions are too large (at most 50 megapixels)',
  imageNotUploaded: 'Each image must be one of your own uploads that is not already used in a post',
  duplicateImage: 'Each image can be added to a post only once',
  commentTooLong: `Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
  invalidShareType: `Share type must be one of ${SHARE_TYPES.join(', ')}`,
  invalidSort: `Sort must be one of ${FEED_SORTS.join(', ')}`,
  invalidLikedSort: 'Sort must be newest',
  invalidFeedCategory: `Category must be one of ${FEED_CATEGORIES.join(', ')}`,
  invalidFollowing: 'Following must be true or false',
  latitudeInvalid: 'Latitude must be between -90 and 90',
  longitudeInvalid: 'Longitude must be between -180 and 180',
  taggedUsersNotList: 'Tagged people must be a list of member IDs',
  taggedUserIdInvalid: 'Each tagged person must be a member ID',
  tooManyTaggedUsers: `You can tag at most ${MAX_TAGGED_USERS} people`,
  taggedUserNotFound: 'Each tagged person must be an active member',
  taggedUserBlocked: 'You cannot tag a member you blocked or who blocked you',
  untagged: 'You were removed from this post',
  notTagged: 'You are not tagged in this post',
} as const;

/**
 * What a link shows where it is pasted: the server-rendered `<head>` (title, description, Open
 * Graph, Twitter card) of the public pages. Titles end in " · Glimpse" as the tab's title does.
 */
export const PAGE_MSG = {
  siteName: 'Glimpse',
  siteDescription: 'Share photos and moments with the people you follow.',
  title: (page: string) => `${page} · Glimpse`,
  homeTitle: 'Home',
  homeDescription: 'The newest photos and moments shared on Glimpse.',
  exploreTitle: (city: string) => `Explore ${city}`,
  exploreDescription: (city: string) => `Photos and moments shared in ${city}.`,
  searchTitle: (query: string) => (query ? `Search: ${query}` : 'Search'),
  searchDescription: (query: string) =>
    query ? `Posts, people and places matching "${query}".` : 'Search posts, people and places.',
  profileTitle: (displayName: string, username: string) => `${displayName} (@${username})`,
  profileDescription: (posts: number, followers: number) =>
    `${posts} ${posts === 1 ? 'post' : 'posts'}, ${followers} ${followers === 1 ? 'follower' : 'followers'} on Glimpse.`,
  photoBy: (displayName: string) => `A photo by ${displayName}`,
  notFoundTitle: 'Page not found',
  notFoundDescription: 'This page does not exist or is not visible to you.',
} as const;

/** Texts of the People calls (API.md) that MSG does not hold; clients compare them exactly. */
export const USER_MSG = {
  invalidUserId: 'Invalid user ID',
  userNotFound: 'User not found',
  invalidPasswordData: 'Invalid password data',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  invalidProfilePicture: 'Invalid profile picture',
  passwordRequired: 'Password is required to delete your account',
  passwordIncorrect: 'Password is incorrect',
  accountDeleted: 'Account deleted',
  tooManyExports: 'You have downloaded your data several times in the last hour. Please try again later.',
} as const;

/** Texts of the notification calls (issue 13). */
export const NOTIFICATION_MSG = {
  invalidNotificationId: 'Invalid notification ID',
  notFound: 'Notification not found',
  invalidType: `Type must be one of ${NOTIFICATION_FILTERS.join(', ')}`,
  invalidSettings:
    'Notification settings must be true or false for likes, comments, follows, mentions, followRequests and tags',
} as const;

/** Sessions, password reset, two-factor sign-in and private accounts (issue 33). */
export const ACCOUNT_MSG = {
  loggedOut: 'Signed out',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Signed out of every other session',
  sessionNotFound: 'Session not found',
  invalidSessionId: 'Invalid session ID',
  resetRequested: 'If an account uses that email, a link to reset its password is on its way',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetInvalid: 'This reset link is invalid or has expired',
  resetTokenRequired: 'The reset link is missing its token',
  mailUnavailable: 'This server cannot send email. Ask its administrator for a password reset link.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  invalidTwoFactorCode: 'That code is not right. Try again with a new code.',
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorSetupMissing: 'Start the two-factor setup again: no code is waiting to be confirmed',
  twoFactorEnabled: 'Two-factor sign-in is on',
  twoFactorDisabled: 'Two-factor sign-in is off',
  followRequested: 'Follow request sent',
  followRequestAccepted: 'Follow request accepted',
  followRequestDeclined: 'Follow request declined',
  followRequestNotFound: 'Follow request not found',
  isPrivateInvalid: 'Private account must be true or false',
} as const;

/** Mail templates (lib/mail): subject and plain text; `{link}` and the name are filled in. */
export const MAIL_MSG = {
  resetSubject: 'Reset your Glimpse password',
  resetText: (name: string, link: string) =>
    `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your Glimpse account. ` +
    `Open this link within an hour to choose a new one:\n\n${link}\n\n` +
    `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
} as const;

/** Texts of GET /api/search that the spec leaves to us ("Query cannot be empty" is MSG.queryEmpty). */
/** Moderation and safety: reports, the queue, removal, suspension, roles, blocks. */
export const MOD_MSG = {
  invalidReportId: 'Invalid report ID',
  invalidCommentId: 'Invalid comment ID',
  reportNotFound: 'Report not found',
  commentNotFound: 'Comment not found',
  reportTargetNotFound: 'The reported content was not found',
  cannotReportSelf: 'You cannot report yourself',
  alreadyReported: 'You have already reported this; a moderator will look at it',
  reported: 'Thanks, your report was sent to the moderators',
  reportAlreadyResolved: 'This report is already resolved',
  reportResolved: 'Report resolved',
  reasonInvalid: 'Reason must be spam, harassment, nudity, violence or other',
  targetTypeInvalid: 'Target type must be post, comment or user',
  actionInvalid: 'Action must be dismiss, remove or suspend',
  statusInvalid: 'Status must be open or resolved',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  noteTooLong: `The note must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  cannotRemoveUser: 'A member cannot be removed; suspend them instead',
  removedByModerator: 'Removed by a moderator',
  commentDeleted: 'Comment deleted successfully',
  notAllowedToDeleteComment: 'Not authorized to delete this comment',
  suspensionReasonRequired: 'A reason is required to suspend a member',
  suspensionReasonTooLong: `The reason must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`,
  suspendUntilInvalid: 'Suspension end must be a date in the future',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendAdmin: 'An admin cannot be suspended',
  suspended: 'Member suspended',
  unsuspended: 'Suspension lifted',
  accountSuspended: 'Your account is suspended',
  accountSuspendedUntil: (until: string) => `Your account is suspended until ${until}`,
  rolesUpdated: 'Roles updated',
  rolesBodyEmpty: 'Send isAdmin, isModerator or permissions',
  cannotRemoveOwnAdmin: 'You cannot take away your own admin role',
  cannotBlockSelf: 'You cannot block yourself',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  blockedInteraction: 'You cannot interact with this member',
} as const;

/** Collections (issue 30). */
export const COLLECTION_MSG = {
  titleRequired: 'A collection needs a title',
  titleTooLong: `The title must be at most ${COLLECTION_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `The description must be at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters`,
  isPrivateInvalid: 'Private must be true or false',
  invalidCollectionId: 'Invalid collection ID',
  notFound: 'Collection not found',
  notYours: 'You can only change your own collections',
  deleted: 'Collection deleted',
  tooMany: `You can have at most ${COLLECTIONS_LIST_MAX} collections`,
} as const;

export const SEARCH_MSG = {
  queryTooLong: `Query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  invalidType: `Type must be one of ${SEARCH_TYPES.join(', ')}`,
} as const;

/** The socket protocol's `error { message }` texts (API.md "Socket.IO"). */
export const SOCKET_ERRORS = {
  notAuthenticated: 'Not authenticated',
  invalidChatId: 'Invalid chat ID',
  accessDenied: 'Access denied to chat',
  contentRequired: 'Message content is required',
  tooLong: 'Message is too long',
  chatNotFound: 'Chat not found',
  sendFailed: 'Failed to send message',
  tooMany: 'Too many messages',
  authenticationFailed: 'Authentication failed',
  invalidMessageId: 'Invalid message ID',
  messageNotFound: 'Message not found',
  internal: 'Something went wrong',
} as const;

/** Operations: readiness and metrics answers. */
export const OPS_MSG = {
  dependenciesDown: (names: string[]) => `Not ready: ${names.join(', ')} down`,
  /** `dependenciesDown`'s text with the disk's own reason after it (or alone). */
  notReady: (reasons: string[]) => `Not ready: ${reasons.join(', ')}`,
  shuttingDown: 'Not ready: shutting down',
  metricsTokenRequired: 'GET /metrics needs the bearer token METRICS_TOKEN',
  /** 503 when a dependency fails; `Retry-After` says when to try again. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  databaseUnavailable: 'The database is temporarily unavailable. Please try again in a few seconds.',
  mediaStoreUnavailable: 'The media store is temporarily unavailable. Please try again in a few seconds.',
  /** 507: the disk that holds the media is (nearly) full. */
  insufficientStorage: 'The server is out of storage space, so uploads are paused. Please try again later.',
  lowDisk: (freeMb: number, minMb: number) => `low disk space (${freeMb} MB free, ${minMb} MB needed)`,
} as const;
