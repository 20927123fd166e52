/**
 * The session token lives in localStorage under `token` (SPEC §4). This module is the only place
 * that names the key, so the HTTP client and the auth state can never disagree about it.
 * Storage access is guarded: private-mode browsers and sandboxed frames can throw on access.
 */
export const TOKEN_STORAGE_KEY = 'token';

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch (error) {
    console.warn('Could not persist the session token', error);
  }
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach: nothing to clear.
  }
}
