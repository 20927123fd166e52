import type { Notification } from '@glimpse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../features/chat/fake-socket';
import { makeMessage, ME, serveApi } from '../features/chat/test-fixtures';
import { jsonResponse, makeToken, renderApp } from '../test/render';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../features/chat/fake-socket');
  return {
    io: (...args: unknown[]) => {
      const socket = new FakeSocket(
        (typeof args[0] === 'string' ? args[1] : args[0]) as Record<string, unknown>,
      );
      sockets.push(socket);
      return socket;
    },
  };
});
const socket = () => sockets[sockets.length - 1]!;

const id = (n: number) => n.toString(16).padStart(24, '0');
const like: Notification = {
  id: id(1),
  _id: id(1),
  type: 'like',
  actor: {
    id: id(2),
    _id: id(2),
    username: 'bob',
    profile: { displayName: 'Bob Stone', profilePicture: null },
    account: { isVerified: false },
    followersCount: 0,
    isFollowedByUser: false,
  },
  othersCount: 0,
  post: { id: id(3), title: 'Harbour', thumbnailUrl: null },
  comment: null,
  read: false,
  createdAt: new Date().toISOString(),
};

function signedIn() {
  window.localStorage.setItem('token', makeToken({ userId: ME }));
  serveApi({
    'GET /api/notifications/unread-counts': () => jsonResponse({ notifications: 0, messages: 0 }),
    'GET /api/posts': () => jsonResponse({ posts: [], pagination: { hasNextPage: false } }),
    'GET /api/notifications': () =>
      jsonResponse({
        notifications: [],
        unreadCount: 0,
        pagination: { currentPage: 1, hasNextPage: false, hasPrevPage: false, nextCursor: null },
      }),
  });
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

afterEach(() => vi.unstubAllGlobals());

describe('the app-wide real-time layer', () => {
  // First in the file: once the page has loaded, later mounts connect at once (LiveUpdates.tsx).
  // Offline, the socket's code waits for the network: lib/useOnlineStatus.test.ts (loadWhenOnline).
  it('opens the socket only after the page has loaded, so the first screen paints first', async () => {
    let readyState: DocumentReadyState = 'loading';
    const state = vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    try {
      signedIn();
      renderApp('/home');
      await screen.findByRole('heading', { level: 1, name: 'Home' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sockets).toHaveLength(0);
      readyState = 'complete';
      window.dispatchEvent(new Event('load'));
      await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    } finally {
      state.mockRestore();
    }
  });

  it('connects once for the signed-in app and moves the badges and the title with unread_counts', async () => {
    signedIn();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const count = sockets.length;
    await act(async () => socket().serverEmit('unread_counts', { notifications: 3, messages: 2 }));
    expect(
      await within(mainNav()).findByRole('link', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument();
    expect(document.title).toMatch(/^\(5\) /);
    await act(async () => socket().serverEmit('unread_counts', { notifications: 0, messages: 0 }));
    expect(await within(mainNav()).findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).not.toMatch(/^\(/));
    expect(sockets.length).toBe(count);
  });

  it('puts a live notification at the top of the open list', async () => {
    signedIn();
    renderApp('/notification');
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    await waitFor(() => expect(socket().connected).toBe(true));
    await act(async () => socket().serverEmit('notification', like));
    expect(await screen.findByText('Bob Stone')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Bob Stone liked your post');
  });

  it('toasts a new message outside /chat', async () => {
    signedIn();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(socket().connected).toBe(true));
    await act(async () => socket().serverEmit('new_message', makeMessage({ content: 'Lunch?' })));
    expect(await screen.findByText(/New message from .*: Lunch\?/)).toBeInTheDocument();
  });
});
