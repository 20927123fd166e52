import type { SelfUser, TokenPayload } from '@glimpse/shared';

/**
 * Client-side reading of the JWT (SPEC §5 "Token"). The signature is not checked here — only the
 * server can — so a decoded payload is a hint for showing the user at once, never a proof.
 */

export type TokenCheck =
  | { status: 'valid'; payload: TokenPayload }
  | { status: 'malformed' }
  | { status: 'expired'; payload: TokenPayload }
  | { status: 'unreadable'; error: unknown };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isTokenPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.userId === 'string' &&
    typeof candidate.username === 'string' &&
    (candidate.exp === undefined || typeof candidate.exp === 'number')
  );
}

/** Classifies a token: 3 dot-separated parts, a base64url JSON payload, `exp` (seconds) not past. */
export function checkToken(token: string, nowMs: number = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return { status: 'malformed' };
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1] ?? ''));
    if (!isTokenPayload(payload))
      return { status: 'unreadable', error: new Error('Unexpected token payload') };
    if (typeof payload.exp === 'number' && payload.exp * 1000 < nowMs) return { status: 'expired', payload };
    return { status: 'valid', payload };
  } catch (error) {
    return { status: 'unreadable', error };
  }
}

/**
 * The user shown before GET /api/auth/me answers: identity from the token, everything else empty.
 * The `/me` answer is merged over it, so no field here may be mistaken for real data.
 */
export function userFromTokenPayload(payload: TokenPayload): SelfUser {
  return {
    id: payload.userId,
    _id: payload.userId,
    username: payload.username,
    email: payload.email ?? '',
    profile: {
      displayName: '',
      firstName: '',
      lastName: '',
      bio: '',
      location: '',
      website: '',
      phoneNumber: '',
      profilePicture: null,
      socialLinks: {},
    },
    account: { isVerified: false },
    stats: { postsCount: 0, followersCount: 0, followingCount: 0 },
    followersCount: 0,
    activity: { isOnline: true, lastActiveAt: null },
    createdAt: '',
    preferences: {},
    moderation: { permissions: [], isAdmin: false, isModerator: false },
    isPrivate: false,
    security: { twoFactorEnabled: false },
  };
}

/**
 * Reads a stored token at start. Anything but a valid token yields null; the caller then logs out
 * (which also removes the stored token). A decoding error is logged, as the spec asks.
 */
export function restoreSessionFromToken(token: string | null): { token: string; user: SelfUser } | null {
  if (!token) return null;
  const check = checkToken(token);
  switch (check.status) {
    case 'valid':
      return { token, user: userFromTokenPayload(check.payload) };
    case 'unreadable':
      console.error('Could not decode the stored session token', check.error);
      return null;
    case 'malformed':
    case 'expired':
      return null;
  }
}
