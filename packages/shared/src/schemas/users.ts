import { z } from 'zod';
import {
  PERMISSIONS,
  BIO_MAX_LENGTH,
  CITY_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERS_LIST_LIMIT,
} from '../constants.js';
import { ACCOUNT_MSG, MSG, USER_MSG } from '../messages.js';
import {
  isValidPhone,
  isValidSettingsEmail,
  isValidWebsite,
  validateSettingsUsername,
} from '../validation.js';
import { makeIdParam, makePageQuery, ZIsoDate, ZMemberRef } from './common.js';

/** Longest address we store for an email or a website (RFC 5321 path limit; common URL limit). */
const EMAIL_MAX_LENGTH = 254;
const WEBSITE_MAX_LENGTH = 2048;

/** A rule function returning the message or null, as a zod refinement. */
function rule(check: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const optionalText = (max: number, message: string) =>
  z.string({ message: MSG.invalidData }).trim().max(max, message).optional();

/**
 * Settings "Account" form (SPEC §5 Settings). Every field is optional: an absent field is left as
 * it is, so clients may send only what changed. Empty website and phone clear them.
 */
export const ZUpdateProfileBody = z.object(
  {
    username: z
      .string({ message: MSG.usernameRequired })
      .trim()
      .superRefine(
        rule(
          (v) => validateSettingsUsername(v) ?? (v.length > USERNAME_MAX_LENGTH ? MSG.usernameTooLong : null),
        ),
      )
      .optional(),
    email: z
      .string({ message: MSG.emailRequired })
      .trim()
      .superRefine(
        rule((v) => {
          if (!v) return MSG.emailRequired;
          return v.length <= EMAIL_MAX_LENGTH && isValidSettingsEmail(v) ? null : MSG.validEmail;
        }),
      )
      .optional(),
    profile: z
      .object(
        {
          firstName: optionalText(
            DISPLAY_NAME_MAX_LENGTH,
            MSG.fieldTooLong('First name', DISPLAY_NAME_MAX_LENGTH),
          ),
          lastName: optionalText(
            DISPLAY_NAME_MAX_LENGTH,
            MSG.fieldTooLong('Last name', DISPLAY_NAME_MAX_LENGTH),
          ),
          displayName: optionalText(
            DISPLAY_NAME_MAX_LENGTH,
            MSG.fieldTooLong('Display name', DISPLAY_NAME_MAX_LENGTH),
          ),
          bio: z.string({ message: MSG.invalidData }).max(BIO_MAX_LENGTH, MSG.bioTooLong).optional(),
          location: optionalText(CITY_MAX_LENGTH, MSG.fieldTooLong('Location', CITY_MAX_LENGTH)),
          website: z
            .string({ message: MSG.validWebsite })
            .trim()
            .superRefine(
              rule((v) =>
                v === '' || (v.length <= WEBSITE_MAX_LENGTH && isValidWebsite(v)) ? null : MSG.validWebsite,
              ),
            )
            .optional(),
          phoneNumber: z
            .string({ message: MSG.validPhone })
            .trim()
            .superRefine(rule((v) => (v === '' || isValidPhone(v) ? null : MSG.validPhone)))
            .optional(),
          /**
           * The avatar is only ever set by the upload call, so a URL cannot be pointed elsewhere from
           * here. Clients echo the current picture back (ignored); `null` removes the avatar.
           */
          profilePicture: z
            .union([z.null(), z.object({ url: z.string().optional() }).loose()], {
              message: USER_MSG.invalidProfilePicture,
            })
            .optional(),
        },
        { message: MSG.invalidData },
      )
      .optional(),
    /**
     * Settings → Privacy. A private account's posts are seen by approved followers only; switching
     * back to public accepts every pending follow request.
     */
    isPrivate: z.boolean({ message: ACCOUNT_MSG.isPrivateInvalid }).optional(),
  },
  { message: MSG.invalidData },
);
export type UpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;

/** Missing or non-string fields are one message; the length rule has the server's own text. */
export const ZChangePasswordBody = z.object(
  {
    currentPassword: z.string({ message: USER_MSG.invalidPasswordData }),
    newPassword: z
      .string({ message: USER_MSG.invalidPasswordData })
      .min(PASSWORD_MIN_LENGTH, MSG.newPasswordTooShortServer)
      .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  },
  { message: USER_MSG.invalidPasswordData },
);
export type ChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** `DELETE /api/users/me`: the member's current password, so a stolen token cannot delete the account. */
export const ZDeleteAccountBody = z.object(
  { password: z.string({ message: USER_MSG.passwordRequired }).min(1, USER_MSG.passwordRequired) },
  { message: USER_MSG.passwordRequired },
);
export type DeleteAccountBody = z.infer<typeof ZDeleteAccountBody>;

/** `GET /api/users`: an optional name search and a limit (default 20, at most 50). */
export const ZListUsersQuery = makePageQuery(USERS_LIST_LIMIT)
  .pick({ limit: true })
  .extend({
    search: z
      .string()
      .trim()
      .max(SEARCH_QUERY_MAX_LENGTH, MSG.fieldTooLong('search', SEARCH_QUERY_MAX_LENGTH))
      .optional(),
  });
export type ListUsersQuery = z.infer<typeof ZListUsersQuery>;

/** Path of the calls about one member by id. */
export const ZUserIdParams = z.object({ id: makeIdParam(USER_MSG.invalidUserId) });
/** Path of GET /api/users/profile/{username}: any text; an unknown name is 404. */
export const ZUsernameParams = z.object({ username: z.string() });

// ---- Wire objects (API.md "Objects"): the server serializes its answers through these. ----

export const ZProfilePicture = z.object({
  /** Absolute URL (MEDIA_PUBLIC_URL, PUBLIC_ORIGIN or the origin the server was reached at). */
  url: z.string(),
  filename: z.string(),
  uploadedAt: ZIsoDate,
});
export type ProfilePicture = z.infer<typeof ZProfilePicture>;

export const ZSocialLinks = z.record(z.string(), z.string());
export type SocialLinks = z.infer<typeof ZSocialLinks>;

export const ZPublicProfile = z.object({
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  profilePicture: ZProfilePicture.nullable(),
  socialLinks: ZSocialLinks,
});
export type PublicProfile = z.infer<typeof ZPublicProfile>;

export const ZUserStats = z.object({
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type UserStats = z.infer<typeof ZUserStats>;

export const ZActivity = z.object({ isOnline: z.boolean(), lastActiveAt: ZIsoDate.nullable() });

/** Anyone's view of a member: never email, phone, password hash or moderation data. */
export const ZPublicUser = ZMemberRef.extend({
  profile: ZPublicProfile,
  account: z.object({ isVerified: z.boolean() }),
  stats: ZUserStats,
  followersCount: z.number().int(),
  /** Only when the viewer is signed in. */
  isFollowedByUser: z.boolean().optional(),
  /** Only when the viewer blocked this member (their profile stays reachable to unblock). */
  isBlockedByUser: z.boolean().optional(),
  activity: ZActivity,
  /** A private account: its posts are seen by approved followers only (the header stays visible). */
  isPrivate: z.boolean(),
  /** Only when the viewer asked to follow this private account and it has not answered yet. */
  isFollowRequested: z.boolean().optional(),
  createdAt: ZIsoDate,
  /**
   * An account of another server (its username is `user@host`), on its profile answer only: its
   * own page there (the actor's `url`, else the actor's id), an absolute http(s) URL.
   */
  remoteProfileUrl: z.string().optional(),
});
export type PublicUser = z.infer<typeof ZPublicUser>;

export const ZUserPreferences = z.record(z.string(), z.unknown());
export type UserPreferences = z.infer<typeof ZUserPreferences>;

/** The member's own view: PublicUser plus email, phone, preferences and moderation data. */
export const ZSelfUser = ZPublicUser.extend({
  email: z.string(),
  profile: ZPublicProfile.extend({ phoneNumber: z.string() }),
  preferences: ZUserPreferences,
  moderation: z.object({
    permissions: z.array(z.enum(PERMISSIONS)),
    isAdmin: z.boolean(),
    isModerator: z.boolean(),
  }),
  /** Settings → Security: whether sign-in asks for a two-factor code. */
  security: z.object({ twoFactorEnabled: z.boolean() }),
});
export type SelfUser = z.infer<typeof ZSelfUser>;

/** `{ displayName, profilePicture }` of a member shown beside content. */
export const ZShortProfile = z.object({
  displayName: z.string(),
  profilePicture: ZProfilePicture.nullable(),
});

/** A post's author. */
export const ZAuthor = ZMemberRef.extend({
  profile: ZShortProfile,
  account: z.object({ isVerified: z.boolean() }),
  followersCount: z.number().int(),
  isFollowedByUser: z.boolean(),
});
export type Author = z.infer<typeof ZAuthor>;

/**
 * POST /api/users/{id}/follow (a toggle). Following a private account sends a request instead:
 * `{ following: false, requested: true }`; the same call again cancels the request.
 */
export const ZFollowResult = z.object({
  following: z.boolean(),
  followersCount: z.number().int(),
  requested: z.boolean(),
});
export type FollowResult = z.infer<typeof ZFollowResult>;

/** GET /api/users/{id}/follow-status: `requested` while a follow request waits for an answer. */
export const ZFollowStatus = z.object({ following: z.boolean(), requested: z.boolean() });
export type FollowStatus = z.infer<typeof ZFollowStatus>;

/** GET /api/users/me/follow-requests: who asked to follow the (private) member, newest first. */
export const ZFollowRequests = z.object({
  requests: z.array(z.object({ user: ZPublicUser, requestedAt: ZIsoDate })),
});
export type FollowRequests = z.infer<typeof ZFollowRequests>;

/** Accept or decline: the member's followers count afterwards. */
export const ZFollowRequestAnswer = z.object({ message: z.string(), followersCount: z.number().int() });
export type FollowRequestAnswer = z.infer<typeof ZFollowRequestAnswer>;

export const ZFollowRequestParams = z.object({ userId: makeIdParam(USER_MSG.invalidUserId) });

/** PUT /api/users/profile. `token` is fresh when username or email changed (the JWT carries both). */
export const ZUpdateProfileResponse = z.object({
  message: z.string(),
  user: ZSelfUser,
  token: z.string().optional(),
});
export type UpdateProfileResponse = z.infer<typeof ZUpdateProfileResponse>;

/** POST /api/users/avatar. */
export const ZAvatarResponse = z.object({ avatarUrl: z.string(), user: ZSelfUser });
export type AvatarResponse = z.infer<typeof ZAvatarResponse>;

/** PUT /api/users/password: every other session ends; the caller's token keeps working (SPEC). */
export const ZChangePasswordResponse = z.object({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** GET /api/users/profile/{username}: SelfUser for oneself, PublicUser for anyone else. */
export const ZProfileResponse = z.union([ZSelfUser, ZPublicUser]);
