import type { Notification, NotificationFilter } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeSelfUser,
  makeToken,
  renderApp,
  renderWithProviders,
  stubFetch,
} from '../../test/render';
import { NotificationItem } from './NotificationItem';

const id = (n: number) => n.toString(16).padStart(24, '0');
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function makeNotification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: id(n),
    _id: id(n),
    type: 'like',
    actor: {
      id: id(100 + n),
      _id: id(100 + n),
      username: 'ava',
      profile: { displayName: 'ava', profilePicture: null },
      account: { isVerified: false },
      followersCount: 3,
      isFollowedByUser: false,
    },
    othersCount: 0,
    post: { id: id(200), title: 'Golden hour at Crystal Cove', thumbnailUrl: null },
    comment: null,
    read: false,
    createdAt: ago(2),
    ...overrides,
  };
}

const SERVER: Notification[] = [
  makeNotification(1, { othersCount: 3 }),
  makeNotification(2, {
    type: 'comment',
    comment: { id: id(300), content: 'So pretty!' },
    createdAt: ago(90),
  }),
  makeNotification(3, {
    type: 'follow',
    post: null,
    read: true,
    actor: {
      ...makeNotification(3).actor,
      username: 'ben',
      profile: { displayName: 'ben', profilePicture: null },
    },
  }),
  makeNotification(4, {
    type: 'follow',
    post: null,
    actor: {
      ...makeNotification(4).actor,
      username: 'cid',
      profile: { displayName: 'cid', profilePicture: null },
      isFollowedByUser: true,
    },
  }),
];
const TYPE_OF: Record<NotificationFilter, Notification['type'] | null> = {
  all: null,
  likes: 'like',
  comments: 'comment',
  follows: 'follow',
  mentions: 'mention',
};

/** Signed in; the notification calls answer from SERVER (read-all marks them read). */
function serve() {
  window.localStorage.setItem('token', makeToken());
  let list = SERVER.map((n) => ({ ...n }));
  const calls: string[] = [];
  const unread = () => list.filter((n) => !n.read).length;
  const fetchMock = stubFetch((url, init) => {
    const u = new URL(String(url), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${u.pathname}${u.search}`);
    if (u.pathname === '/api/notifications') {
      const type = TYPE_OF[(u.searchParams.get('type') ?? 'all') as NotificationFilter];
      const notifications = type ? list.filter((n) => n.type === type) : list;
      return Promise.resolve(
        jsonResponse({
          notifications,
          unreadCount: unread(),
          pagination: { currentPage: 1, hasNextPage: false, hasPrevPage: false, nextCursor: null },
        }),
      );
    }
    if (u.pathname === '/api/notifications/unread-counts')
      return Promise.resolve(jsonResponse({ notifications: unread(), messages: 0 }));
    if (u.pathname === '/api/notifications/read-all') {
      list = list.map((n) => ({ ...n, read: true }));
      return Promise.resolve(jsonResponse({ unreadCount: 0 }));
    }
    if (u.pathname.endsWith('/follow'))
      return Promise.resolve(jsonResponse({ following: false, followersCount: 2 }));
    return Promise.resolve(jsonResponse(makeSelfUser()));
  });
  return { calls, fetchMock };
}

async function openNotifications() {
  const served = serve();
  const view = renderApp('/notification');
  await screen.findByRole('heading', { level: 1, name: 'Notifications' });
  await screen.findAllByRole('article');
  return { ...view, ...served };
}

const items = () => within(screen.getByRole('tabpanel')).queryAllByRole('article');
const unreadDots = () => screen.queryAllByRole('img', { name: 'unread' });

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('sends visitors to /login', async () => {
    stubFetch(() => Promise.reject(new Error('no call expected')));
    const { router } = renderApp('/notification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the member's notifications from the server, with collapsed likes and relative times", async () => {
    await openNotifications();
    expect(items()).toHaveLength(SERVER.length);
    expect(items()[0]).toHaveTextContent('ava and 3 others liked your post');
    expect(items()[0]).toHaveTextContent('Golden hour at Crystal Cove');
    expect(items()[0]).toHaveTextContent('2 minutes ago');
    expect(items()[1]).toHaveTextContent('ava commented on your post');
    expect(items()[1]).toHaveTextContent('So pretty!');
    expect(items()[2]).toHaveTextContent('ben started following you');
    expect(within(items()[0]!).getByRole('link', { name: /liked your post/ })).toHaveAttribute(
      'href',
      `/posts/${id(200)}`,
    );
    expect(unreadDots()).toHaveLength(3);
    expect(screen.getByText('3 unread')).toBeInTheDocument();
  });

  it('asks the server for each tab and shows its empty state', async () => {
    const { user, calls } = await openNotifications();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Likes',
      'Comments',
      'Follows',
      'Mentions',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Follows' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(calls.some((c) => c.includes('type=follows'))).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Mentions' }));
    expect(await screen.findByRole('heading', { name: 'No mentions yet' })).toBeInTheDocument();
  });

  it('marks every item read with "Mark All Read"', async () => {
    const { user, calls } = await openNotifications();
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(unreadDots()).toHaveLength(0));
    expect(calls).toContain('POST /api/notifications/read-all');
    expect(screen.getByText('All caught up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
  });

  it('gives Follows items a Follow button whose state comes from the server', async () => {
    const { user, calls } = await openNotifications();
    const [ben, cid] = [items()[2]!, items()[3]!];
    expect(within(ben).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(cid).getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(items()[0]!).queryByRole('button', { name: /Follow/ })).toBeNull();
    await user.click(within(cid).getByRole('button', { name: 'Following' }));
    await waitFor(() =>
      expect(within(items()[3]!).getByRole('button', { name: 'Follow' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(calls).toContain(`POST /api/users/${id(104)}/follow`);
  });
});

describe('NotificationItem', () => {
  it('tells a tag, linking to the post', () => {
    stubFetch(() => Promise.resolve(jsonResponse({})));
    renderWithProviders(
      <NotificationItem
        notification={makeNotification(9, { type: 'tag' })}
        onOpen={() => undefined}
        onToggleFollow={() => undefined}
      />,
    );
    const link = screen.getByRole('link', { name: /tagged you in a post/ });
    expect(link).toHaveAttribute('href', `/posts/${id(200)}`);
    expect(screen.getByRole('article')).toHaveTextContent('ava tagged you in a post');
  });
});
