import { MSG } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/http';
import { getLoginErrorMessage, getRegisterErrorMessage } from './auth-errors';

describe('auth error texts', () => {
  it('falls back to "Invalid email or password" for a 400/401 without a server message', () => {
    expect(getLoginErrorMessage(new ApiError(400))).toBe(MSG.invalidCredentials);
    expect(getLoginErrorMessage(new ApiError(401, { message: 'Token expired' }))).toBe('Token expired');
  });

  it('uses the unexpected-error text for anything that is not an HTTP or network failure', () => {
    expect(getLoginErrorMessage(new Error('boom'))).toBe(MSG.unexpectedError);
    expect(getRegisterErrorMessage('weird')).toBe(MSG.unexpectedError);
  });

  it('maps network failures for both forms', () => {
    expect(getLoginErrorMessage(new NetworkError(new TypeError('x')))).toBe(MSG.networkError);
    expect(getRegisterErrorMessage(new NetworkError(new TypeError('x')))).toBe(MSG.networkError);
  });

  it('treats a 400 without a message, and any other status, as a failed registration', () => {
    expect(getRegisterErrorMessage(new ApiError(400))).toBe(MSG.registrationFailed);
    expect(getRegisterErrorMessage(new ApiError(409, { message: 'Email already exists' }))).toBe(
      MSG.registrationFailed,
    );
  });
});
