import { MSG } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { makeSelfUser } from '../../test/render';
import {
  EMPTY_PASSWORDS,
  isSettingsDirty,
  profileValuesOf,
  successMessage,
  validatePasswords,
  validateProfile,
} from './settings-form';

const saved = profileValuesOf(makeSelfUser());

describe('validateProfile (SPEC §5 Settings)', () => {
  it.each([
    ['username', '', 'Username is required'],
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'bad name!', 'Username can only contain letters, numbers, and underscores'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', '', 'Please enter a valid email address'],
    ['website', 'not a url', 'Please enter a valid website URL'],
    ['website', 'ftp://example.com', 'Please enter a valid website URL'],
    ['phoneNumber', '12345', 'Please enter a valid phone number'],
    ['phoneNumber', 'call me maybe', 'Please enter a valid phone number'],
    ['bio', 'x'.repeat(501), MSG.bioTooLong],
  ] as const)('%s "%s" → %s', (field, value, message) => {
    expect(validateProfile({ ...saved, [field]: value })[field]).toBe(message);
  });

  it('accepts valid and empty optional fields', () => {
    expect(
      validateProfile({
        ...saved,
        username: 'new_name_1',
        website: 'https://example.com',
        phoneNumber: '+1 (555) 123-4567',
        bio: 'x'.repeat(500),
      }),
    ).toEqual({});
    expect(validateProfile({ ...saved, website: '', phoneNumber: '' })).toEqual({});
  });
});

describe('validatePasswords (SPEC §5: only when a password field is filled)', () => {
  it('checks nothing while all three are empty', () => {
    expect(validatePasswords(EMPTY_PASSWORDS)).toEqual({});
  });

  it('requires the current and the new password once any is filled', () => {
    expect(validatePasswords({ ...EMPTY_PASSWORDS, confirmPassword: 'x' })).toEqual({
      currentPassword: 'Current password is required to change password',
      newPassword: 'New password is required',
    });
  });

  it('checks the new length and the confirmation', () => {
    expect(
      validatePasswords({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual({
      newPassword: 'New password must be at least 6 characters',
    });
    expect(
      validatePasswords({ currentPassword: 'old', newPassword: '123456', confirmPassword: '1234567' }),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validatePasswords({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' }),
    ).toEqual({});
  });
});

describe('isSettingsDirty', () => {
  const base = { values: saved, saved, avatarFile: null, passwords: EMPTY_PASSWORDS };

  it('is clean when nothing changed', () => {
    expect(isSettingsDirty(base)).toBe(false);
  });

  it('is dirty after a profile edit, a chosen photo or a password', () => {
    expect(isSettingsDirty({ ...base, values: { ...saved, bio: 'new' } })).toBe(true);
    expect(isSettingsDirty({ ...base, avatarFile: new File(['x'], 'a.png', { type: 'image/png' }) })).toBe(
      true,
    );
    expect(isSettingsDirty({ ...base, passwords: { ...EMPTY_PASSWORDS, currentPassword: 'x' } })).toBe(true);
  });
});

describe('successMessage: the saved parts joined in save order', () => {
  it.each([
    [['profile'], 'Profile updated successfully!'],
    [['avatar'], 'Avatar updated successfully!'],
    [['password'], 'Password updated successfully!'],
    [['profile', 'avatar'], 'Profile and avatar updated successfully!'],
    [['avatar', 'password'], 'Avatar and password updated successfully!'],
    [['password', 'profile'], 'Profile and password updated successfully!'],
    [['profile', 'avatar', 'password'], 'Profile, avatar and password updated successfully!'],
    [[], 'No changes to save'],
  ] as const)('%j → %s', (parts, message) => {
    expect(successMessage(parts)).toBe(message);
  });
});
