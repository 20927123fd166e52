import { isApiError, isNetworkError } from '../../api/http';
import { PROFILE_TEXT } from '../../lib/text';

export type ProfileLoadError = 'not-found' | 'unauthorized' | 'failed';

export function classifyProfileError(error: unknown): ProfileLoadError {
  if (isApiError(error) && error.status === 404) return 'not-found';
  if (isApiError(error) && error.status === 401) return 'unauthorized';
  return 'failed';
}

export function isAuthExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** Liked posts failures (SPEC §8); a 401 also signs out, which the caller does. */
export function likedPostsErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return PROFILE_TEXT.likedAuthExpired;
    if (error.status === 404) return PROFILE_TEXT.likedEndpointMissing;
    return `Failed to load liked posts: ${error.serverMessage ?? error.message}`;
  }
  if (isNetworkError(error) || error instanceof Error) return `Failed to load liked posts: ${error.message}`;
  return `Failed to load liked posts: ${String(error)}`;
}
