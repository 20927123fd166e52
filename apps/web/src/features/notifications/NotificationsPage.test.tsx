import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../test/render';
import { SAMPLE_NOTIFICATIONS } from './sample-notifications';

async function openNotifications() {
  const fetchMock = stubFetch(() => Promise.reject(new Error('no call expected')));
  const view = renderApp('/notification');
  await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 5000 });
  return { ...view, fetchMock };
}

const items = () => within(screen.getByRole('tabpanel')).queryAllByRole('article');
const unreadDots = () => screen.queryAllByRole('img', { name: 'unread' });

describe('NotificationsPage', () => {
  it('shows the sample list with no server call', async () => {
    const { fetchMock } = await openNotifications();
    expect(items()).toHaveLength(SAMPLE_NOTIFICATIONS.length);
    const first = items()[0]!;
    expect(first).toHaveTextContent('ava liked your post');
    expect(first).toHaveTextContent('Golden hour at Crystal Cove');
    expect(first).toHaveTextContent('2m ago');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has the five tabs and filters the list by type', async () => {
    const { user } = await openNotifications();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Likes',
      'Comments',
      'Follows',
      'Mentions',
    ]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    for (const [tab, type] of [
      ['Likes', 'like'],
      ['Comments', 'comment'],
      ['Follows', 'follow'],
      ['Mentions', 'mention'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      const expected = SAMPLE_NOTIFICATIONS.filter((n) => n.type === type);
      expect(items()).toHaveLength(expected.length);
      expected.forEach((n, i) => expect(items()[i]).toHaveTextContent(n.content));
    }
  });

  it('marks every item read with "Mark All Read"', async () => {
    const { user } = await openNotifications();
    const unread = SAMPLE_NOTIFICATIONS.filter((n) => n.unread).length;
    expect(unread).toBeGreaterThan(0);
    expect(unreadDots()).toHaveLength(unread);
    expect(screen.getByText(`${unread} unread`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(unreadDots()).toHaveLength(0);
    expect(screen.getByText('All caught up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
  });

  it('gives Follows items a Follow toggle, and only them', async () => {
    const { user } = await openNotifications();
    const follows = SAMPLE_NOTIFICATIONS.filter((n) => n.type === 'follow').length;
    expect(screen.getAllByRole('button', { name: 'Follow' })).toHaveLength(follows);
    await user.click(screen.getByRole('tab', { name: 'Follows' }));
    const [first] = items();
    const follow = within(first!).getByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    expect(within(first!).getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(first!).getByRole('button', { name: 'Following' }));
    expect(within(first!).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });
});
