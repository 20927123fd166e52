/**
 * Every number of SPEC §9 and API.md "Limits", once. Units are in the names.
 * Both the server and the web app import these, so a limit can never differ between them.
 */

export const FEED_PAGE_SIZE = 10;
export const PROFILE_PAGE_SIZE = 12;
export const SEARCH_PAGE_SIZE = 10;
/** GET /api/search/suggestions: at most this many people, tags and places each, as a member types. */
export const SEARCH_SUGGESTIONS_PER_KIND = 5;
export const USERS_LIST_LIMIT = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 50;
export const POST_DETAIL_COMMENTS = 50;
export const MAX_PAGE_LIMIT = 50;
export const INFINITE_SCROLL_THRESHOLD_PX = 200;

export const EXCERPT_LENGTH = 100;
export const SHARE_DESCRIPTION_LENGTH = 150;

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 5000;
export const MAX_TAGS = 20;
/** Members tagged in one post, at most (issue 30: `taggedUserIds`). */
export const MAX_TAGGED_USERS = 20;
export const TAG_MAX_LENGTH = 30;
export const COMMENT_MAX_LENGTH = 1000;
export const MESSAGE_MAX_LENGTH = 2000;
export const BIO_MAX_LENGTH = 500;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 20;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const CITY_MAX_LENGTH = 100;
export const SEARCH_QUERY_MAX_LENGTH = 200;

export const MAX_IMAGES_PER_POST = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_RECOMMENDED_MIN_PX = 200;
/** Decompression-bomb guard: an image may not decode to more pixels than this. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const ID_LENGTH = 24;
export const CHAT_ID_LENGTH = ID_LENGTH;

export const EXPLORE_SUGGESTIONS_MAX = 5;
export const POPULAR_CITIES_MAX = 10;
export const DEFAULT_CITY = 'Irvine';

export const COUNT_THOUSAND = 1_000;
export const COUNT_MILLION = 1_000_000;

export const SOCKET_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECTION_DELAY_MS = 1_000;
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_PING_INTERVAL_MS = 25_000;
export const SOCKET_PING_TIMEOUT_MS = 20_000;
export const TYPING_IDLE_MS = 3_000;
export const OPTIMISTIC_MATCH_WINDOW_MS = 10_000;
export const DUPLICATE_MESSAGE_WINDOW_MS = 1_000;
export const SCROLL_TO_BOTTOM_DELAY_MS = 100;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_MAX_AGE_MS = 5 * 60 * 1000;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ROUTE_PREFETCH_DELAY_MS = 100;

export const TOAST_DURATION_MS = 5_000;
export const POST_SUCCESS_TOAST_MS = 2_000;
export const POST_CREATE_REDIRECT_MS = 2_000;
export const SHARE_COPY_CONFIRM_MS = 2_000;
export const UNLIKE_ERROR_CLEAR_MS = 3_000;
export const SHARE_POPUP_WIDTH_PX = 600;
export const SHARE_POPUP_HEIGHT_PX = 400;

/** `Retry-After` of a 503 answered while a dependency (database, Redis, media store) is down. */
export const DEPENDENCY_RETRY_AFTER_S = 5;
/** Default of MIN_FREE_DISK_MB: below this much free space, uploads are refused and readiness fails. */
export const MIN_FREE_DISK_MB_DEFAULT = 256;

export const JWT_TTL_SECONDS = 7 * 24 * 60 * 60;

const MINUTE_MS = 60_000;

/**
 * Rate limits: at most `max` per `windowMs`, counted per member (`member`: writes, after sign-in)
 * or per client address (`address`). Set so that a person never meets them and a script soon does;
 * past one the answer is 429 `RATE_LIMITED` with `Retry-After`. The server applies them with
 * `rateLimit(name)` (apps/server/src/plugins/rate-limit.ts); in Redis when REDIS_URL is set, so they
 * hold across app nodes.
 */
export const RATE_LIMITS = {
  /** Registrations from one address. */
  registrations: { max: 10, windowMs: 60 * MINUTE_MS, per: 'address' },
  posts: { max: 30, windowMs: 60 * MINUTE_MS, per: 'member' },
  comments: { max: 30, windowMs: 10 * MINUTE_MS, per: 'member' },
  shares: { max: 60, windowMs: 60 * MINUTE_MS, per: 'member' },
  /** Follow/unfollow toggles. */
  follows: { max: 100, windowMs: 10 * MINUTE_MS, per: 'member' },
  /** Like/unlike toggles. */
  likes: { max: 200, windowMs: 10 * MINUTE_MS, per: 'member' },
  /** Upload requests (post images, up to 5 each, and avatars). */
  uploads: { max: 60, windowMs: 60 * MINUTE_MS, per: 'member' },
  /** New chats opened. */
  chats: { max: 60, windowMs: 60 * MINUTE_MS, per: 'member' },
  /** Reports filed (a flood of reports is itself abuse). */
  reports: { max: 20, windowMs: 60 * MINUTE_MS, per: 'member' },
  /** Edits of one's own posts and comments. */
  edits: { max: 60, windowMs: 10 * MINUTE_MS, per: 'member' },
  /** Save/unsave toggles. */
  saves: { max: 200, windowMs: 10 * MINUTE_MS, per: 'member' },
} as const satisfies Record<string, { max: number; windowMs: number; per: 'member' | 'address' }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Sign-in, counted per window: failures per account AND address pair (the server's
 * LOGIN_MAX_FAILURES, default 10: past it that address gets 429 for that account), and
 * SIGN_IN_ADDRESS_MAX attempts per address over every account. Failures from other addresses
 * never refuse the member: an account with SIGN_IN_SLOW_AFTER failures or more in the window (a
 * distributed attack) gets every answer delayed, SIGN_IN_DELAY_BASE_MS doubling for each further
 * SIGN_IN_SLOW_AFTER failures, at most SIGN_IN_DELAY_MAX_MS. A correct password takes its own
 * attempt back. Two-factor codes count as attempts too, and SIGN_IN_CODE_MAX wrong codes per
 * account (only reachable with the password) answer 429.
 */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_ADDRESS_MAX = 100;
export const SIGN_IN_SLOW_AFTER = 10;
export const SIGN_IN_DELAY_BASE_MS = 500;
export const SIGN_IN_DELAY_MAX_MS = 10_000;
export const SIGN_IN_CODE_MAX = 10;

/** Sessions: `last_seen_at` is written at most this often per session (off the request path). */
export const SESSION_SEEN_WRITE_MS = 5 * MINUTE_MS;
/** How many sessions GET /api/auth/sessions lists, most recently seen first. */
export const SESSIONS_LIST_MAX = 100;

/**
 * Password reset by email: a link works once, within PASSWORD_RESET_TTL_MS. Requests are limited
 * per client address and per email (account) in PASSWORD_RESET_WINDOW_MS; confirmations per address.
 */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;
export const PASSWORD_RESET_WINDOW_MS = 60 * MINUTE_MS;
export const PASSWORD_RESET_PER_ADDRESS = 10;
export const PASSWORD_RESET_PER_ACCOUNT = 3;
export const PASSWORD_RESET_CONFIRMS_PER_ADDRESS = 20;

/** Two-factor sign-in (TOTP, RFC 6238): 6 digits, 30 s steps, one step of drift either way. */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;
/** Recovery codes handed out when two-factor is turned on (each works once). */
export const RECOVERY_CODES_COUNT = 10;
/** Follow requests a private account's list shows at most, newest first. */
export const FOLLOW_REQUESTS_MAX = 500;

/** A post's view counts once per viewer (member, else address) per this window. */
export const VIEW_DEDUPE_WINDOW_MS = 60 * MINUTE_MS;

export const CATEGORIES = [
  'Fashion',
  'Travel',
  'Food',
  'Beauty',
  'Lifestyle',
  'Technology',
  'Sports',
] as const;
export type Category = (typeof CATEGORIES)[number];
/** The sidebar list: "All" means no category filter. */
export const FEED_CATEGORIES = ['All', ...CATEGORIES] as const;

export const PRIVACY_VALUES = ['public', 'private', 'friends', 'followers'] as const;
export type Privacy = (typeof PRIVACY_VALUES)[number];
export const DEFAULT_PRIVACY: Privacy = 'public';

export const FEED_SORTS = ['newest', 'trending'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const SEARCH_TYPES = ['all', 'users', 'posts', 'tags', 'places'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SHARE_TYPES = ['repost', 'link', 'twitter', 'facebook', 'whatsapp', 'email'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

export const PERMISSIONS = ['moderate_content', 'view_reports', 'manage_users', 'manage_settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const MODERATOR_PERMISSIONS: readonly Permission[] = ['moderate_content', 'view_reports'];

export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'nudity', 'violence', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const MODERATION_NOTE_MAX_LENGTH = 1000;
/** GET /api/users/me/export reads every post, chat and photo of the member: a few an hour. */
export const EXPORTS_PER_WINDOW = 5;
export const EXPORTS_WINDOW_MS = 60 * 60 * 1000;
/** The moderation queue and the audit log, per page. */
export const MODERATION_PAGE_SIZE = 20;
/** Settings → Blocking lists at most this many members. */
export const BLOCKED_LIST_MAX = 500;

/**
 * Login/register accept only these email providers (SPEC §5). `{host}` in the spec stands for the
 * deployment's own mail domain, which comes from configuration (`MAIL_DOMAIN`) on the server and
 * from `location.hostname` in the browser.
 */
export const MAINSTREAM_EMAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
  'icloud',
  'protonmail',
  'live',
  'qq',
  '163',
  '126',
  'sina',
  '139',
  'foxmail',
  'vip.163',
  'vip.126',
  'vip.sina',
] as const;

/** Notifications (issue 13). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'follow_request',
  'tag',
  'share',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The tabs of /notification and the `type` filter of GET /api/notifications. */
export const NOTIFICATION_FILTERS = ['all', 'likes', 'comments', 'follows', 'mentions'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
/** At most this many distinct `@username`s of one text are notified (the rest are plain text). */
export const MAX_MENTIONS_PER_TEXT = 10;

/** Collections (issue 30): title and description lengths, and how many one member may list. */
export const COLLECTION_TITLE_MAX_LENGTH = 60;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 300;
export const COLLECTIONS_LIST_MAX = 100;

/** Federation (FEDERATION=true): the largest activity an inbox reads (Mastodon's own limit is 1 MiB). */
export const FEDERATION_INBOX_MAX_BYTES = 1024 * 1024;
/** An admin's policy for another server: nothing in or out, or its posts reach its followers only. */
export const FEDERATION_DOMAIN_LEVELS = ['suspend', 'silence'] as const;
export type FederationDomainLevel = (typeof FEDERATION_DOMAIN_LEVELS)[number];
/** The longest domain a policy names (253 for the host, a colon and a port). */
export const FEDERATION_DOMAIN_MAX_LENGTH = 259;
/** An incoming Flag files at most this many reports (one per object it names). */
export const FEDERATION_FLAG_MAX_OBJECTS = 5;
/** An account of another server has at most this many open reports from Flags at a time. */
export const FEDERATION_FLAG_MAX_OPEN = 20;
