import type { SelfUser } from '@glimpse/shared';
import { createContext } from 'react';

export interface AuthContextValue {
  /** The signed-in user; from the token payload first, then merged with GET /api/auth/me. */
  user: SelfUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True once the user came from the server (login, register or /me), not only the token. */
  isUserLoaded: boolean;
  /** Browser connectivity from online/offline events. */
  isOnline: boolean;
  /** Set by the socket module; cleared on logout. */
  isSocketConnected: boolean;
  /** Stores the token (localStorage `token`) and the user. */
  login: (token: string, user: SelfUser) => void;
  /** Clears user, token, socket flag and the stored token. */
  logout: () => void;
  /** Shallow-merges fields into the current user (no-op when signed out). */
  updateUser: (partial: Partial<SelfUser>) => void;
  /**
   * GET /api/auth/me and merge. Non-OK logs out and resolves false; a network error is only
   * logged and resolves false (SPEC §8 "Session refresh").
   */
  refreshUser: () => Promise<boolean>;
  setSocketConnected: (connected: boolean) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
