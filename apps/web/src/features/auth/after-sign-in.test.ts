import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_ACTION_TTL_MS,
  destinationAfterSignIn,
  isSafeReturnPath,
  peekPendingAction,
  rememberAfterSignIn,
  takePendingAction,
} from './after-sign-in';

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('after sign-in', () => {
  it('returns only to a path of this app', () => {
    expect(isSafeReturnPath('/posts/abc?x=1')).toBe(true);
    expect(isSafeReturnPath('//evil.example/x')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(destinationAfterSignIn('https://evil.example')).toBe('/home');
    expect(destinationAfterSignIn('/home?post=abc')).toBe('/home?post=abc');
  });

  it('gives the remembered action once', () => {
    rememberAfterSignIn('/posts/abc', { kind: 'like', postId: 'abc' });
    expect(peekPendingAction()).toEqual({ returnTo: '/posts/abc', action: { kind: 'like', postId: 'abc' } });
    expect(takePendingAction()).toEqual({ kind: 'like', postId: 'abc' });
    expect(takePendingAction()).toBeNull();
  });

  it('forgets an action left too long, or a sign-in that came from nowhere', () => {
    vi.useFakeTimers();
    rememberAfterSignIn('/posts/abc', { kind: 'follow', userId: 'u1' });
    vi.advanceTimersByTime(PENDING_ACTION_TTL_MS + 1);
    expect(peekPendingAction()).toBeNull();

    rememberAfterSignIn('/posts/abc', { kind: 'follow', userId: 'u1' });
    expect(destinationAfterSignIn(undefined)).toBe('/home');
    expect(peekPendingAction()).toBeNull();
  });
});
