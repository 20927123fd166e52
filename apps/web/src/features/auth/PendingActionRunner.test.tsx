import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { callsTo, makePost, stubApi } from '../post/post-fixtures';
import { peekPendingAction, rememberAfterSignIn } from './after-sign-in';
import { isDoneAlready } from './PendingActionRunner';

/** A member back from sign-in on /home, where as a visitor they asked to save post p1. */
function signedInWithPendingSave() {
  window.localStorage.setItem('token', makeToken());
  rememberAfterSignIn('/home', { kind: 'save', postId: 'p1' });
  const api = stubApi({
    'GET /api/posts/p1': () => jsonResponse(makePost({ id: 'p1', isSavedByUser: false, savesCount: 4 })),
    'POST /api/posts/p1/save': () => jsonResponse({ saved: true, savesCount: 5 }),
  });
  renderApp('/home');
  return api;
}

describe('PendingActionRunner: a save asked for while signed out', () => {
  it('saves the post once, after reading that it is not saved yet', async () => {
    const api = signedInWithPendingSave();
    await waitFor(() => expect(callsTo(api, 'POST /api/posts/p1/save')).toHaveLength(1));
    expect(callsTo(api, 'GET /api/posts/p1')).toHaveLength(1);
    expect(peekPendingAction()).toBeNull();
  });

  it('reads the post first: a post already saved (or liked) is left as it is, the server toggles', () => {
    expect(isDoneAlready({ kind: 'save', postId: 'p1' }, { isSavedByUser: true, isLikedByUser: false })).toBe(
      true,
    );
    expect(isDoneAlready({ kind: 'save', postId: 'p1' }, { isSavedByUser: false, isLikedByUser: true })).toBe(
      false,
    );
    expect(isDoneAlready({ kind: 'like', postId: 'p1' }, { isSavedByUser: true, isLikedByUser: false })).toBe(
      false,
    );
  });
});
