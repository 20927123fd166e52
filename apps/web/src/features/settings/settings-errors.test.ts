import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/http';
import { describeSettingsError } from './settings-errors';

const api = (status: number, message?: string) => new ApiError(status, { message });

describe('describeSettingsError (SPEC §8 Settings)', () => {
  it.each([
    ['profile', api(409, 'Username is already taken'), 'Username is already taken'],
    ['profile', api(409, 'Email is already in use'), 'Email is already in use'],
    ['profile', api(400, 'Email already exists'), 'Email is already in use'],
    ['profile', api(400, 'Username already taken'), 'Username is already taken'],
    ['profile', api(400, 'Please enter a valid website URL'), 'Please enter a valid website URL'],
    ['profile', api(400, 'something odd'), 'Invalid data provided'],
    ['profile', api(404, 'User not found'), 'User not found'],
    ['profile', api(500), 'Failed to update profile. Please try again.'],
    ['avatar', api(400, 'Please select a valid image file'), 'Invalid image file'],
    ['avatar', api(413, 'Image size should be less than 5MB'), 'Image size should be less than 5MB'],
    ['avatar', api(500), 'Failed to upload avatar. Please try again.'],
    ['password', api(400, 'Current password is incorrect'), 'Current password is incorrect'],
    [
      'password',
      api(400, 'New password must be at least 6 characters long'),
      'New password must be at least 6 characters long',
    ],
    ['password', api(400, 'Invalid password data'), 'Invalid password data'],
    ['password', api(404, 'User not found'), 'User not found'],
    ['password', api(500), 'Failed to change password. Please try again.'],
  ] as const)('%s %o → %s', (part, error, message) => {
    expect(describeSettingsError(part, error)).toEqual({ part, message, isSessionExpired: false });
  });

  it('turns a 401 into "Session expired" that signs out', () => {
    expect(describeSettingsError('password', api(401, 'Token expired'))).toEqual({
      part: 'password',
      message: 'Session expired',
      isSessionExpired: true,
    });
  });

  it('has one text for no answer and one for anything else', () => {
    expect(describeSettingsError('profile', new NetworkError(new Error('offline'))).message).toBe(
      'Network error. Please check your connection.',
    );
    expect(describeSettingsError('avatar', new TypeError('bug')).message).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
