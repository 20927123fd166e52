import type { SelfUser } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/http';
import { fetchMe } from '../../api/queries/auth';
import {
  clearStoredToken,
  readStoredToken,
  TOKEN_STORAGE_KEY,
  writeStoredToken,
} from '../../lib/token-storage';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { clearPrivateCaches } from '../../lib/offline-cache';
import { checkToken, restoreSessionFromToken } from './session';

interface SessionState {
  token: string | null;
  user: SelfUser | null;
  isUserLoaded: boolean;
}

const SIGNED_OUT: SessionState = { token: null, user: null, isUserLoaded: false };

/** Restores the session synchronously, so the first paint already shows the signed-in UI. */
function readInitialSession(): SessionState {
  const stored = readStoredToken();
  const restored = restoreSessionFromToken(stored);
  if (!restored) {
    if (stored !== null) clearStoredToken();
    return SIGNED_OUT;
  }
  return { token: restored.token, user: restored.user, isUserLoaded: false };
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function withActivity(session: SessionState, isOnline: boolean): SessionState {
  if (!session.user) return session;
  const activity = { isOnline, lastActiveAt: new Date().toISOString() };
  return { ...session, user: { ...session.user, activity } };
}

export interface AuthProviderProps {
  children: ReactNode;
  /**
   * Hydrating HTML the server rendered for a visitor: start signed out and online as that HTML
   * was (and as the server, which has neither storage nor connectivity, renders), then restore
   * the stored session right after hydration.
   */
  hydrating?: boolean;
}

export function AuthProvider({ children, hydrating = false }: AuthProviderProps) {
  const [session, setSession] = useState(() => (hydrating ? SIGNED_OUT : readInitialSession()));
  const [isOnline, setIsOnline] = useState(() => hydrating || navigator.onLine);
  const [isSocketConnected, setIsSocketConnected] = useState(false);
  // The token a pending /me belongs to: an answer for a session that has since changed is dropped.
  const tokenRef = useRef(session.token);

  const logout = useCallback(() => {
    tokenRef.current = null;
    clearStoredToken();
    void clearPrivateCaches();
    setIsSocketConnected(false);
    setSession(SIGNED_OUT);
  }, []);

  const login = useCallback((token: string, user: SelfUser) => {
    // Whoever signed in before on this device: their cached answers must not show offline.
    void clearPrivateCaches();
    tokenRef.current = token;
    writeStoredToken(token);
    setSession({ token, user, isUserLoaded: true });
  }, []);

  const updateUser = useCallback((partial: Partial<SelfUser>) => {
    setSession((s) => (s.user ? { ...s, user: { ...s.user, ...partial } } : s));
  }, []);

  const refreshUserWith = useCallback(
    async (signal?: AbortSignal): Promise<boolean> => {
      const token = tokenRef.current;
      if (!token) return false;
      if (checkToken(token).status !== 'valid') {
        logout();
        return false;
      }
      try {
        const me = await fetchMe(token, signal);
        if (tokenRef.current !== token) return false;
        setSession((s) => ({ ...s, user: s.user ? { ...s.user, ...me } : me, isUserLoaded: true }));
        return true;
      } catch (error) {
        if (isAbortError(error)) return false;
        if (isApiError(error)) {
          if (tokenRef.current === token) logout();
          return false;
        }
        console.warn('Could not refresh the session; keeping the stored one', error);
        return false;
      }
    },
    [logout],
  );

  const refreshUser = useCallback(() => refreshUserWith(), [refreshUserWith]);

  const setSocketConnected = useCallback((connected: boolean) => {
    setIsSocketConnected(connected);
    setSession((s) => withActivity(s, connected));
  }, []);

  // After hydrating the visitor's HTML: the member's own session and the real connectivity.
  const hydratingRef = useRef(hydrating);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hydratingRef.current) return;
    hydratingRef.current = false;
    const restored = readInitialSession();
    tokenRef.current = restored.token;
    setIsOnline(navigator.onLine);
    if (!restored.token) return;
    setSession(restored);
    // The handed-over answers are the visitor's (no likes, follows or followers-only posts).
    void queryClient.invalidateQueries();
  }, [queryClient]);

  // Confirm a restored session with the server once at start.
  useEffect(() => {
    if (!tokenRef.current) return;
    const controller = new AbortController();
    void refreshUserWith(controller.signal);
    return () => controller.abort();
  }, [refreshUserWith]);

  useEffect(() => {
    const onOnline = () => {
      setIsOnline(true);
      setSession((s) => withActivity(s, true));
    };
    const onOffline = () => {
      setIsOnline(false);
      setSession((s) => withActivity(s, false));
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);

  // Another tab logged in or out: follow it, so two tabs never act as two different users.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const stored = readStoredToken();
      if (stored === tokenRef.current) return;
      const restored = restoreSessionFromToken(stored);
      if (!restored) {
        logout();
        return;
      }
      tokenRef.current = restored.token;
      setSession({ token: restored.token, user: restored.user, isUserLoaded: false });
      void refreshUserWith();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout, refreshUserWith]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      token: session.token,
      isAuthenticated: session.token !== null && session.user !== null,
      isUserLoaded: session.isUserLoaded,
      isOnline,
      isSocketConnected,
      login,
      logout,
      updateUser,
      refreshUser,
      setSocketConnected,
    }),
    [session, isOnline, isSocketConnected, login, logout, updateUser, refreshUser, setSocketConnected],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
