import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants.js';
import { MSG } from '../messages.js';
import { validateEmail, validatePassword, validateSettingsUsername } from '../validation.js';
import { ZSelfUser } from './users.js';

/**
 * Register body. `ownHost` is the deployment's mail domain, accepted beside the mainstream list.
 * The server builds the schema once at start with its configured host.
 */
export function makeRegisterBody(ownHost?: string) {
  return z.object({
    email: z
      .string({ message: MSG.emailRequired })
      .trim()
      .superRefine((v, ctx) => {
        const err = validateEmail(v, { context: 'register', ownHost });
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
    username: z
      .string({ message: MSG.usernameRequired })
      .trim()
      .superRefine((v, ctx) => {
        const err = validateSettingsUsername(v);
        if (err) ctx.addIssue({ code: 'custom', message: err });
        else if (v.length > USERNAME_MAX_LENGTH)
          ctx.addIssue({ code: 'custom', message: MSG.usernameTooLong });
      }),
    password: z.string({ message: MSG.passwordRequired }).superRefine((v, ctx) => {
      const err = validatePassword(v, { checkLength: true });
      if (err) ctx.addIssue({ code: 'custom', message: err });
      else if (v.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: MSG.passwordTooLong });
    }),
  });
}
export type RegisterBody = z.infer<ReturnType<typeof makeRegisterBody>>;

/** Login accepts an email or a username in `email`; only emptiness is checked server-side. */
export const ZLoginBody = z.object({
  email: z
    .string({ message: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(254, MSG.invalidCredentials),
  password: z
    .string({ message: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MSG.invalidCredentials),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

/** Login and register: the member's own view and a JWT to send as `Authorization: Bearer`. */
export const ZAuthResponse = z.object({ message: z.string(), user: ZSelfUser, token: z.string() });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/** The JWT payload clients decode (SPEC §3). */
export const ZTokenPayload = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  /** Session version: a token of an older version (password changed, sessions ended) is refused. */
  sv: z.number().int().nonnegative(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof ZTokenPayload>;
