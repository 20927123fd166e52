import { MOD_MSG, MSG } from '@glimpse/shared';
import { isApiError, isNetworkError } from '../../api/http';

/** SPEC §8 "Login": every failure of POST /api/auth/login as the exact text the user sees. */
export function getLoginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return MSG.networkError;
  if (!isApiError(error)) return MSG.unexpectedError;
  if (error.code === 'ACCOUNT_SUSPENDED') return error.serverMessage ?? MOD_MSG.accountSuspended;
  if (error.status === 400 || error.status === 401) return error.serverMessage ?? MSG.invalidCredentials;
  if (error.status === 404) return MSG.accountNotFound;
  return MSG.loginFailed;
}

/**
 * The server's own field-rule texts (SPEC §5). They mention "email"/"username" but are not
 * duplicates, so they are shown as sent rather than turned into "already exists/taken".
 */
const REGISTER_RULE_MESSAGES: ReadonlySet<string> = new Set([
  MSG.emailRequired,
  MSG.emailInvalid,
  MSG.emailProviderLogin,
  MSG.emailProviderRegister,
  MSG.usernameRequired,
  MSG.usernameTooShort,
  MSG.usernameTooLong,
  MSG.usernameChars,
  MSG.passwordRequired,
  MSG.passwordTooShort,
  MSG.passwordTooLong,
]);

/** SPEC §8 "Register": a 400 naming the email or username is a duplicate of that field. */
export function getRegisterErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return MSG.networkError;
  if (!isApiError(error)) return MSG.unexpectedError;
  if (error.status !== 400) return MSG.registrationFailed;
  const message = error.serverMessage;
  if (!message) return MSG.registrationFailed;
  if (REGISTER_RULE_MESSAGES.has(message)) return message;
  if (/email/i.test(message)) return MSG.emailExists;
  if (/username/i.test(message)) return MSG.usernameTaken;
  return message;
}
