import type { AuthResponse, LoginBody, MessageAnswer, RegisterBody, SelfUser } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../http';

/**
 * Auth calls (SPEC §7). The session itself (token, user, logout) is owned by AuthProvider;
 * these hooks only talk to the server, and the pages hand a success to `useAuth().login`.
 */

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** `email` may also be a username: the server accepts either. */
export function loginRequest(input: LoginBody): Promise<AuthResponse> {
  // No stale token on the way in: a login must never be attributed to a previous session.
  return http.post<AuthResponse>('/auth/login', input, { token: null });
}

export function registerRequest(input: RegisterBody): Promise<AuthResponse> {
  return http.post<AuthResponse>('/users', input, { token: null });
}

/**
 * POST /api/auth/logout: ends this session on the server (its token stops working everywhere).
 * Best effort: signing out on this device never waits for it or fails because of it.
 */
export function logoutRequest(token: string): Promise<unknown> {
  return http.post<MessageAnswer>('/auth/logout', undefined, { token }).catch(() => undefined);
}

/** GET /api/auth/me with an explicit token (the session being restored may not be stored yet). */
export function fetchMe(token: string, signal?: AbortSignal): Promise<SelfUser> {
  return http.get<SelfUser>('/auth/me', { token, signal });
}

export function useLoginMutation() {
  return useMutation({ mutationKey: [...authKeys.all, 'login'], mutationFn: loginRequest });
}

export function useRegisterMutation() {
  return useMutation({ mutationKey: [...authKeys.all, 'register'], mutationFn: registerRequest });
}
