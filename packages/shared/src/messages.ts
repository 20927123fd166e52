import {
  CATEGORIES,
  COMMENT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  FEED_CATEGORIES,
  FEED_SORTS,
  MAX_IMAGES_PER_POST,
  MAX_PAGE_LIMIT,
  MAX_TAGS,
  PRIVACY_VALUES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
  SHARE_TYPES,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
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
} as const;

/** Texts of the People calls (API.md) that MSG does not hold; clients compare them exactly. */
export const USER_MSG = {
  invalidUserId: 'Invalid user ID',
  userNotFound: 'User not found',
  invalidPasswordData: 'Invalid password data',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  invalidProfilePicture: 'Invalid profile picture',
} as const;

/** Texts of GET /api/search that the spec leaves to us ("Query cannot be empty" is MSG.queryEmpty). */
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
  shuttingDown: 'Not ready: shutting down',
  metricsTokenRequired: 'GET /metrics needs the bearer token METRICS_TOKEN',
} as const;
