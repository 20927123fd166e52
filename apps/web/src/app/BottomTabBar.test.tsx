import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../test/render';
import { badgeText } from './badge';
import { OFFLINE_BANNER_TEXT } from '../lib/text';

/** matchMedia that answers `phone` for the phone query (and no to everything else). */
function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/**
 * Signed in as Alice; GET /api/chats answers chats with these unread counts and the badge call
 * their sum; every request path is recorded.
 */
function serve(unread: number[] = []) {
  const chats = unread.map((unreadCount, i) => {
    const id = `c${i}`.padEnd(24, '0');
    return { id, _id: id, unreadCount, participants: [] };
  });
  window.localStorage.setItem('token', makeToken());
  const paths: string[] = [];
  stubFetch((url) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    paths.push(path);
    if (path === '/api/chats') return Promise.resolve(jsonResponse(chats));
    if (path === '/api/notifications/unread-counts') {
      const messages = unread.reduce((a, b) => a + b, 0);
      return Promise.resolve(jsonResponse({ notifications: 0, messages }));
    }
    if (path === '/api/posts') return Promise.resolve(jsonResponse({ posts: [], pagination: {} }));
    return Promise.resolve(jsonResponse(makeSelfUser()));
  });
  return paths;
}

const bar = () => screen.getByRole('navigation', { name: 'Sections' });

afterEach(() => vi.unstubAllGlobals());

describe('BottomTabBar', () => {
  it('is a nav of Home, Explore, Create, Chat and Profile, the current one marked', async () => {
    stubPhone(true);
    serve();
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const links = within(bar()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Explore', 'Create', 'Chat', 'Profile']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/home',
      '/explore',
      '/create-post',
      '/chat',
      '/profile',
    ]);
    expect(within(bar()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await act(() => router.navigate('/profile/alice'));
    expect(within(bar()).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate('/profile/bob'));
    // Someone else's profile is not "my Profile tab".
    expect(within(bar()).queryAllByRole('link', { current: 'page' })).toHaveLength(0);
  });

  it('shows the unread messages of every conversation on Chat', async () => {
    stubPhone(true);
    serve([2, 0, 3]);
    renderApp('/explore');
    await screen.findByRole('navigation', { name: 'Sections' });
    expect(await within(bar()).findByRole('link', { name: 'Chat 5 unread' })).toHaveAttribute(
      'href',
      '/chat',
    );
  });

  it('asks for no chat list on a desktop, where the bar is not shown (badges come from one count call)', async () => {
    stubPhone(false);
    const paths = serve([2]);
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(paths).toContain('/api/posts'));
    expect(paths).not.toContain('/api/chats');
    expect(within(bar()).getByRole('link', { name: /^Chat/ })).toBeInTheDocument();
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(150)).toBe('99+');
  });
});

describe('OfflineBanner', () => {
  it('shows on every page while the browser is offline, and goes when it is back', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).not.toBeInTheDocument();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(OFFLINE_BANNER_TEXT)).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(OFFLINE_BANNER_TEXT)).not.toBeInTheDocument();
    onLine.mockRestore();
  });
});
