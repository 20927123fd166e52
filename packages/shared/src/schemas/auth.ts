import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants.js';
import { ACCOUNT_MSG, MSG } from '../messages.js';
import { validateEmail, validatePassword, validateSettingsUsername } from '../validation.js';
import { makeIdParam, ZEntity, ZIsoDate } from './common.js';
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

/** A TOTP code or a recovery code as typed: spaces and dashes are dropped, letters upper-cased. */
function ZTwoFactorCodeField() {
  return z
    .string({ message: ACCOUNT_MSG.codeRequired })
    .max(64, ACCOUNT_MSG.invalidTwoFactorCode)
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v.length > 0, ACCOUNT_MSG.codeRequired);
}

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
  /**
   * With two-factor sign-in on: the current 6-digit code of the authenticator app, or one unused
   * recovery code. Without it such an account answers 401 TWO_FACTOR_REQUIRED.
   */
  code: ZTwoFactorCodeField().optional(),
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
  /** The session this token belongs to (GET /api/auth/sessions); an ended session's token is refused. */
  sid: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof ZTokenPayload>;

/** One signed-in device of the member (Settings → Security). */
export const ZSession = ZEntity.extend({
  /** "Chrome on macOS", read from the User-Agent it signed in with. */
  device: z.string(),
  /** The client address it signed in from. */
  ipAddress: z.string(),
  /** Where that address is, when the server can tell (it cannot without a geo-IP database). */
  location: z.string().optional(),
  createdAt: ZIsoDate,
  lastSeenAt: ZIsoDate,
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof ZSession>;

/** GET /api/auth/sessions: the current one first, then the most recently seen. */
export const ZSessionList = z.object({ sessions: z.array(ZSession) });
export type SessionList = z.infer<typeof ZSessionList>;

export const ZSessionIdParams = z.object({ id: makeIdParam(ACCOUNT_MSG.invalidSessionId) });

/** POST /api/auth/sessions/revoke-others. */
export const ZRevokeOthersAnswer = z.object({ message: z.string(), ended: z.number().int() });
export type RevokeOthersAnswer = z.infer<typeof ZRevokeOthersAnswer>;

/** POST /api/auth/password-reset: any text; the answer is the same whether an account uses it or not. */
export const ZPasswordResetBody = z.object(
  {
    email: z.string({ message: MSG.emailRequired }).trim().min(1, MSG.emailRequired).max(254, MSG.validEmail),
  },
  { message: MSG.emailRequired },
);
export type PasswordResetBody = z.infer<typeof ZPasswordResetBody>;

/** POST /api/auth/password-reset/confirm: the token from the link and the new password. */
export const ZPasswordResetConfirmBody = z.object(
  {
    token: z
      .string({ message: ACCOUNT_MSG.resetTokenRequired })
      .min(1, ACCOUNT_MSG.resetTokenRequired)
      .max(200, ACCOUNT_MSG.resetInvalid),
    password: z.string({ message: MSG.passwordRequired }).superRefine((v, ctx) => {
      const err = validatePassword(v, { checkLength: true });
      if (err) ctx.addIssue({ code: 'custom', message: err });
      else if (v.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: MSG.passwordTooLong });
    }),
  },
  { message: ACCOUNT_MSG.resetTokenRequired },
);
export type PasswordResetConfirmBody = z.infer<typeof ZPasswordResetConfirmBody>;

/** POST /api/auth/2fa/setup: a fresh secret to add to an authenticator app (also as a QR code). */
export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST /api/auth/2fa/enable: the first code from the app confirms the secret. */
export const ZTwoFactorEnableBody = z.object(
  { code: ZTwoFactorCodeField() },
  { message: ACCOUNT_MSG.codeRequired },
);
export type TwoFactorEnableBody = z.infer<typeof ZTwoFactorEnableBody>;

/** Each code works once; they are shown this one time only. */
export const ZRecoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** POST /api/auth/2fa/disable: the password and a current code (or a recovery code). */
export const ZTwoFactorDisableBody = z.object(
  {
    password: z
      .string({ message: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
    code: ZTwoFactorCodeField(),
  },
  { message: MSG.passwordRequired },
);
export type TwoFactorDisableBody = z.infer<typeof ZTwoFactorDisableBody>;
