import {
  BIO_MAX_LENGTH,
  isValidPhone,
  isValidSettingsEmail,
  isValidWebsite,
  MSG,
  PASSWORD_MIN_LENGTH,
  validateSettingsUsername,
  type SelfUser,
  type UpdateProfileBody,
} from '@glimpse/shared';
import { SETTINGS_TEXT } from '../../lib/text';

/** The Account form of Settings (SPEC §2, §5): its values, rules and save plan, without React. */

export interface ProfileValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  phoneNumber: string;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type SettingsField = keyof ProfileValues | keyof PasswordValues | 'avatar';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const EMPTY_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function profileValuesOf(user: SelfUser): ProfileValues {
  const p = user.profile;
  return {
    username: user.username,
    email: user.email,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    displayName: p.displayName ?? '',
    bio: p.bio ?? '',
    location: p.location ?? '',
    website: p.website ?? '',
    phoneNumber: p.phoneNumber ?? '',
  };
}

export function isProfileChanged(values: ProfileValues, saved: ProfileValues): boolean {
  return (Object.keys(values) as Array<keyof ProfileValues>).some((key) => values[key] !== saved[key]);
}

export function hasPasswordInput(passwords: PasswordValues): boolean {
  return Boolean(passwords.currentPassword || passwords.newPassword || passwords.confirmPassword);
}

/** "Save Changes" is enabled only with unsaved changes: a profile edit, a chosen photo, a password. */
export function isSettingsDirty(input: {
  values: ProfileValues;
  saved: ProfileValues;
  avatarFile: File | null;
  passwords: PasswordValues;
}): boolean {
  return (
    isProfileChanged(input.values, input.saved) ||
    input.avatarFile !== null ||
    hasPasswordInput(input.passwords)
  );
}

export function validateProfile(values: ProfileValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const username = validateSettingsUsername(values.username);
  if (username) errors.username = username;
  // SPEC §5 gives one text for the email rule, "required and pattern-valid".
  if (!isValidSettingsEmail(values.email)) errors.email = MSG.validEmail;
  if (values.website.trim() && !isValidWebsite(values.website)) errors.website = MSG.validWebsite;
  if (values.phoneNumber.trim() && !isValidPhone(values.phoneNumber)) errors.phoneNumber = MSG.validPhone;
  if (values.bio.length > BIO_MAX_LENGTH) errors.bio = MSG.bioTooLong;
  return errors;
}

/** Runs only when some password field is filled (SPEC §5); one message per field. */
export function validatePasswords(passwords: PasswordValues): SettingsErrors {
  if (!hasPasswordInput(passwords)) return {};
  const errors: SettingsErrors = {};
  if (!passwords.currentPassword) errors.currentPassword = MSG.currentPasswordRequired;
  if (!passwords.newPassword) errors.newPassword = MSG.newPasswordRequired;
  else if (passwords.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = MSG.newPasswordTooShort;
  if (passwords.newPassword && passwords.confirmPassword !== passwords.newPassword)
    errors.confirmPassword = MSG.passwordsDoNotMatch;
  return errors;
}

export function buildProfileBody(values: ProfileValues): UpdateProfileBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    profile: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      displayName: values.displayName.trim(),
      // The bio keeps its line breaks and inner spacing; only the ends are tidied.
      bio: values.bio.trim(),
      location: values.location.trim(),
      website: values.website.trim(),
      phoneNumber: values.phoneNumber.trim(),
    },
  };
}

/** The three save steps, in the order SPEC §4 runs them. */
export type SavePart = 'profile' | 'avatar' | 'password';
export const SAVE_ORDER: readonly SavePart[] = ['profile', 'avatar', 'password'];

const PART_NAME: Record<SavePart, string> = { profile: 'profile', avatar: 'avatar', password: 'password' };

/**
 * The success text for the steps that went through, joined in save order:
 * ["profile"] → "Profile updated successfully!", ["profile", "avatar"] → "Profile and avatar
 * updated successfully!", all three → "Profile, avatar and password updated successfully!".
 * Nothing saved → "No changes to save".
 */
export function successMessage(parts: readonly SavePart[]): string {
  const names = SAVE_ORDER.filter((part) => parts.includes(part)).map((part) => PART_NAME[part]);
  if (names.length === 0) return SETTINGS_TEXT.noChanges;
  const joined =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)} updated successfully!`;
}
