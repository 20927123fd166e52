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

/**
 * `<html data-session>`: a session is stored, so CSS reserves the member's controls (set before
 * the first paint by public/theme-init.js, kept here as the session comes and goes).
 */
export const SESSION_MARK = 'data-session';

function markSession(stored: boolean): void {
  document.documentElement.toggleAttribute(SESSION_MARK, stored);
}

export function writeStoredToken(token: string): void {
  markSession(true);
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch (error) {
    console.warn('Could not persist the session token', error);
  }
}

export function clearStoredToken(): void {
  markSession(false);
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach: nothing to clear.
  }
}
