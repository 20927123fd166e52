import { MSG, USER_MSG } from '@glimpse/shared';
import { isApiError, isNetworkError } from '../../api/http';
import type { SavePart } from './settings-form';
import { SETTINGS_TEXT } from '../../lib/text';

/**
 * SPEC §8 "Settings": every failure of a save step becomes one of the spec's exact texts.
 * `isSessionExpired` asks the caller to log out and go to /login (SPEC §6).
 */
export interface SettingsFailure {
  part: SavePart;
  message: string;
  isSessionExpired: boolean;
}

/** Server 400 texts of the settings rules (SPEC §5) that are worth showing as they are. */
const PROFILE_RULE_TEXTS = new Set<string>([
  MSG.usernameRequired,
  MSG.usernameTooShort,
  MSG.usernameTooLong,
  MSG.usernameChars,
  MSG.validEmail,
  MSG.validWebsite,
  MSG.validPhone,
  MSG.bioTooLong,
]);

function profileMessage(status: number, serverMessage: string): string {
  const text = serverMessage.toLowerCase();
  if (status === 409 || status === 400) {
    if (text.includes('email') && (text.includes('in use') || text.includes('exists'))) return MSG.emailInUse;
    if (text.includes('username') && text.includes('taken')) return MSG.usernameIsTaken;
  }
  if (status === 409) return MSG.usernameIsTaken;
  if (status === 400) return PROFILE_RULE_TEXTS.has(serverMessage) ? serverMessage : MSG.invalidData;
  if (status === 404) return USER_MSG.userNotFound;
  return SETTINGS_TEXT.profileFailed;
}

function avatarMessage(status: number): string {
  if (status === 413) return MSG.avatarTooLarge;
  if (status === 400 || status === 415) return SETTINGS_TEXT.invalidImage;
  if (status === 404) return USER_MSG.userNotFound;
  return SETTINGS_TEXT.avatarFailed;
}

function passwordMessage(status: number, serverMessage: string): string {
  if (status === 400) {
    if (serverMessage === MSG.currentPasswordIncorrect) return MSG.currentPasswordIncorrect;
    if (serverMessage === MSG.newPasswordTooShortServer) return MSG.newPasswordTooShortServer;
    return USER_MSG.invalidPasswordData;
  }
  if (status === 404) return USER_MSG.userNotFound;
  return SETTINGS_TEXT.passwordFailed;
}

export function describeSettingsError(part: SavePart, error: unknown): SettingsFailure {
  if (isNetworkError(error)) return { part, message: SETTINGS_TEXT.network, isSessionExpired: false };
  if (!isApiError(error)) return { part, message: SETTINGS_TEXT.unexpected, isSessionExpired: false };
  // 401 is the spec's case; a 403 here can only be a bad token (API.md), which is the same story.
  if (error.status === 401 || error.status === 403)
    return { part, message: SETTINGS_TEXT.sessionExpired, isSessionExpired: true };
  const serverMessage = error.serverMessage ?? '';
  const message =
    part === 'profile'
      ? profileMessage(error.status, serverMessage)
      : part === 'avatar'
        ? avatarMessage(error.status)
        : passwordMessage(error.status, serverMessage);
  return { part, message, isSessionExpired: false };
}
