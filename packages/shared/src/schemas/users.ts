import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  CITY_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERS_LIST_LIMIT,
} from '../constants.js';
import { MSG } from '../messages.js';
import {
  isValidPhone,
  isValidSettingsEmail,
  isValidWebsite,
  validateSettingsUsername,
} from '../validation.js';
import { makePageQuery } from './common.js';

/** Texts of the People calls (API.md) that MSG does not hold; clients compare them exactly. */
export const USER_MSG = {
  invalidUserId: 'Invalid user ID',
  userNotFound: 'User not found',
  invalidPasswordData: 'Invalid password data',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  invalidData: 'Invalid data provided',
} as const;

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
  z.string({ message: USER_MSG.invalidData }).trim().max(max, message).optional();

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
            `First name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
          ),
          lastName: optionalText(
            DISPLAY_NAME_MAX_LENGTH,
            `Last name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
          ),
          displayName: optionalText(
            DISPLAY_NAME_MAX_LENGTH,
            `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
          ),
          bio: z.string({ message: USER_MSG.invalidData }).max(BIO_MAX_LENGTH, MSG.bioTooLong).optional(),
          location: optionalText(CITY_MAX_LENGTH, `Location must be at most ${CITY_MAX_LENGTH} characters`),
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
              message: 'Invalid profile picture',
            })
            .optional(),
        },
        { message: USER_MSG.invalidData },
      )
      .optional(),
  },
  { message: USER_MSG.invalidData },
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

/** `GET /api/users`: an optional name search and a limit (default 20, at most 50). */
export const ZListUsersQuery = makePageQuery(USERS_LIST_LIMIT)
  .pick({ limit: true })
  .extend({
    search: z
      .string()
      .trim()
      .max(SEARCH_QUERY_MAX_LENGTH, `search must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
      .optional(),
  });
export type ListUsersQuery = z.infer<typeof ZListUsersQuery>;
