import { MOD_MSG, MSG, type SelfUser } from '@glimpse/shared';
import {
  MODERATION_TEXT,
  NOTIFICATION_SETTINGS_TEXT,
  PRIVACY_SETTINGS_TEXT,
  SECURITY_TEXT,
} from '../../lib/text';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { routeFetch } from '../profile/test-fixtures';
import { stubXhr } from './test-xhr';

const ALICE = makeSelfUser();
type Routes = Parameters<typeof routeFetch>[0];

/** Opens /settings signed in as Alice; every request is logged as "METHOD /path". */
async function openSettings(routes: Routes = {}, path = '/settings') {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
  const calls: string[] = [];
  const handle = routeFetch({
    'GET /api/auth/me': () => jsonResponse(ALICE),
    // The layout's badges (app-wide), not a call of this page: answered, not logged.
    'GET /api/notifications/unread-counts': () => jsonResponse({ notifications: 0, messages: 0 }),
    ...routes,
  });
  const logged = (url: string, init?: RequestInit) => {
    if (url.includes('/notifications/unread-counts')) return handle(url, init);
    calls.push(`${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`);
    return handle(url, init);
  };
  stubFetch(logged);
  stubXhr(logged);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 });
  return { ...view, calls };
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });
const updated = (partial: Partial<SelfUser>) => ({ ...ALICE, ...partial });

describe('Settings navigation', () => {
  it('sends a visitor to /login', async () => {
    stubFetch(() => Promise.reject(new Error('no call expected')));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('lists exactly the spec sections and Log Out', async () => {
    await openSettings();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    const entries = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Account',
      'Privacy',
      'Notifications',
      'Security',
      'Display',
      'Blocking',
      'Language',
      'Help & Support',
      'About',
      'Log Out',
    ]);
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['Language', 'Help & Support', 'About'])('%s says its content is coming soon', async (label) => {
    const { user } = await openSettings();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    await user.click(within(nav).getByRole('link', { name: label }));
    expect(await screen.findByRole('heading', { level: 2, name: label })).toBeInTheDocument();
    expect(screen.getByText(`${label} settings are coming soon.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('Notifications has a switch per type, saved at once', async () => {
    const puts: unknown[] = [];
    let stored = {
      likes: true,
      comments: true,
      follows: false,
      mentions: true,
      followRequests: true,
      tags: false,
    };
    const { user } = await openSettings(
      {
        'GET /api/notifications/settings': () => jsonResponse(stored),
        'PUT /api/notifications/settings': ({ body }) => {
          puts.push(body);
          stored = { ...stored, ...(body as object) };
          return jsonResponse(stored);
        },
      },
      '/settings?section=notifications',
    );
    const likes = await screen.findByRole('switch', { name: 'Likes and reposts of your posts' });
    expect(likes).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    expect(screen.getByRole('switch', { name: NOTIFICATION_SETTINGS_TEXT.followRequests })).toBeChecked();
    const tags = screen.getByRole('switch', { name: NOTIFICATION_SETTINGS_TEXT.tags });
    expect(tags).not.toBeChecked();
    await user.click(likes);
    await waitFor(() => expect(puts).toEqual([{ likes: false }]));
    await user.click(tags);
    await waitFor(() => expect(puts).toEqual([{ likes: false }, { tags: true }]));
    expect(screen.getByRole('switch', { name: 'Likes and reposts of your posts' })).not.toBeChecked();
    expect(screen.queryByText('Notifications settings are coming soon.')).not.toBeInTheDocument();
  });

  it('Blocking lists the blocked members and unblocks one', async () => {
    const bob = {
      ...makeSelfUser({ id: 'b'.repeat(24), username: 'bob' }),
      isBlockedByUser: true,
      blockedAt: new Date().toISOString(),
    };
    let blocked = [bob];
    const { user, calls } = await openSettings(
      {
        'GET /api/users/me/blocked': () => jsonResponse({ users: blocked }),
        [`DELETE /api/users/${bob.id}/block`]: () => {
          blocked = [];
          return jsonResponse({ message: MOD_MSG.unblocked, blocked: false });
        },
      },
      '/settings?section=blocking',
    );
    expect(await screen.findByText('@bob', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MODERATION_TEXT.unblockUser('bob') }));
    expect(await screen.findByText(MODERATION_TEXT.blockingEmpty)).toBeInTheDocument();
    expect(calls).toContain(`DELETE /api/users/${bob.id}/block`);
  });

  it('Display chooses Light, Dark or System, applied at once and kept for the next visit', async () => {
    const { user } = await openSettings({}, '/settings?section=display');
    expect(await screen.findByRole('heading', { level: 2, name: 'Display' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['light', 'dark', 'system']);
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('glimpse-theme')).toBe('dark');
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(within(group).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(screen.queryByText('Display settings are coming soon.')).not.toBeInTheDocument();
  });

  it('is a list of sections at /settings and one section as a page with a way back (phones)', async () => {
    const { user, router } = await openSettings();
    const layout = () => screen.getByRole('heading', { level: 1, name: 'Settings' }).closest('[data-view]');
    // The phone CSS shows the list alone in the "list" view and the section alone in "section".
    expect(layout()).toHaveAttribute('data-view', 'list');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/settings?section=account',
    );
    await user.click(within(nav).getByRole('link', { name: 'Privacy' }));
    expect(layout()).toHaveAttribute('data-view', 'section');
    await user.click(screen.getByRole('link', { name: 'All settings' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(layout()).toHaveAttribute('data-view', 'list');
  });

  it('Log Out ends the session on the server, signs out and goes to /login', async () => {
    const { user, router, calls } = await openSettings({
      'POST /api/auth/logout': () => jsonResponse({ message: 'Signed out' }),
    });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(calls).toContain('POST /api/auth/logout');
  });

  it('Privacy switches the account private at once and answers follow requests', async () => {
    const bob = { ...makeSelfUser({ id: 'b'.repeat(24), username: 'bob' }), isPrivate: false };
    let requests = [{ user: bob, requestedAt: new Date().toISOString() }];
    const puts: unknown[] = [];
    const { user, calls } = await openSettings(
      {
        'PUT /api/users/profile': ({ body }) => {
          puts.push(body);
          return jsonResponse({
            message: 'Profile updated successfully',
            user: { ...ALICE, isPrivate: true },
          });
        },
        'GET /api/users/me/follow-requests': () => jsonResponse({ requests }),
        [`POST /api/users/me/follow-requests/${bob.id}/accept`]: () => {
          requests = [];
          return jsonResponse({ message: 'Follow request accepted', followersCount: 11 });
        },
      },
      '/settings?section=privacy',
    );
    const toggle = await screen.findByRole('switch', { name: PRIVACY_SETTINGS_TEXT.switchLabel });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ isPrivate: true }]));
    expect(await screen.findByRole('switch', { name: PRIVACY_SETTINGS_TEXT.switchLabel })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: PRIVACY_SETTINGS_TEXT.acceptUser('bob') }));
    expect(await screen.findByText(PRIVACY_SETTINGS_TEXT.requestsEmpty)).toBeInTheDocument();
    expect(calls).toContain(`POST /api/users/me/follow-requests/${bob.id}/accept`);
  });

  it('Security lists the sessions and signs out another one', async () => {
    const now = new Date().toISOString();
    let sessions = [
      {
        id: 'c'.repeat(24),
        _id: 'c'.repeat(24),
        device: 'Chrome on macOS',
        ipAddress: '10.0.0.1',
        createdAt: now,
        lastSeenAt: now,
        current: true,
      },
      {
        id: 'd'.repeat(24),
        _id: 'd'.repeat(24),
        device: 'Safari on iPhone',
        ipAddress: '10.0.0.2',
        createdAt: now,
        lastSeenAt: now,
        current: false,
      },
    ];
    const { user, calls } = await openSettings(
      {
        'GET /api/auth/sessions': () => jsonResponse({ sessions }),
        [`DELETE /api/auth/sessions/${'d'.repeat(24)}`]: () => {
          sessions = sessions.filter((s) => s.current);
          return jsonResponse({ message: 'Session ended' });
        },
      },
      '/settings?section=security',
    );
    const list = await screen.findByRole('list', { name: SECURITY_TEXT.sessionsTitle });
    expect(within(list).getByText(SECURITY_TEXT.thisDevice)).toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', { name: SECURITY_TEXT.signOutDevice('Safari on iPhone') }),
    );
    await waitFor(() => expect(within(list).queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls).toContain(`DELETE /api/auth/sessions/${'d'.repeat(24)}`);
  });

  it('Security turns two-factor on: a QR code and the key, a first code, then the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);
    const bodies: unknown[] = [];
    const { user } = await openSettings(
      {
        'GET /api/auth/sessions': () => jsonResponse({ sessions: [] }),
        'POST /api/auth/2fa/setup': () =>
          jsonResponse({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Glimpse:alice?secret=JBSWY3DPEHPK3PXP',
          }),
        'POST /api/auth/2fa/enable': ({ body }) => {
          bodies.push(body);
          return jsonResponse({ message: 'Two-factor sign-in is on', recoveryCodes: codes });
        },
      },
      '/settings?section=security',
    );
    await user.click(await screen.findByRole('button', { name: SECURITY_TEXT.turnOn }));
    const qr = await screen.findByRole('img', { name: SECURITY_TEXT.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(SECURITY_TEXT.confirmCode), '123456');
    await user.click(screen.getByRole('button', { name: SECURITY_TEXT.confirm }));
    const shown = await screen.findByRole('list', { name: SECURITY_TEXT.recoveryListLabel });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(bodies).toEqual([{ code: '123456' }]);
    await user.click(screen.getByRole('button', { name: SECURITY_TEXT.recoverySaved }));
    expect(screen.queryByRole('list', { name: SECURITY_TEXT.recoveryListLabel })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: SECURITY_TEXT.turnOff })).toBeInTheDocument();
  });

  it('says the user data could not be loaded when /me fails without an answer', async () => {
    window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
    stubFetch(() => Promise.reject(new TypeError('offline')));
    renderApp('/settings');
    expect(
      await screen.findByText('Failed to load user data. Please refresh the page.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('Settings account form', () => {
  it('starts from the loaded user', async () => {
    await openSettings();
    expect(await screen.findByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@gmail.com');
    expect(screen.getByLabelText('Display Name')).toHaveValue('Alice Liddell');
    expect(screen.getByLabelText('Bio')).toHaveValue('Photos of rabbit holes');
    expect(screen.getByText('22/500')).toBeInTheDocument();
  });

  it('enables Save only with unsaved changes, and disables it again after saving', async () => {
    const { user, calls } = await openSettings({
      'PUT /api/users/profile': ({ body }) => {
        const sent = body as { profile: { bio: string } };
        return jsonResponse({
          message: 'Profile updated successfully',
          user: updated({ profile: { ...ALICE.profile, bio: sent.profile.bio } }),
        });
      },
    });
    const bio = await screen.findByLabelText('Bio');
    expect(saveButton()).toBeDisabled();
    await user.type(bio, '!');
    expect(saveButton()).toBeEnabled();
    await user.type(bio, '{Backspace}');
    expect(saveButton()).toBeDisabled();
    await user.type(bio, ' and tea');
    await user.click(saveButton());
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(bio).toHaveValue('Photos of rabbit holes and tea');
    expect(calls).toContain('PUT /api/users/profile');
  });

  it.each([
    ['Username', '', 'Username is required'],
    ['Username', 'ab', 'Username must be at least 3 characters'],
    ['Username', 'no spaces', 'Username can only contain letters, numbers, and underscores'],
    ['Email', 'nope', 'Please enter a valid email address'],
    ['Website', 'not a url', 'Please enter a valid website URL'],
    ['Phone Number', '123', 'Please enter a valid phone number'],
  ])('shows "%s" rule: %s → %s, tied to the field, without a request', async (label, value, message) => {
    const { user, calls } = await openSettings();
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
    await user.click(saveButton());
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveFocus();
    expect(calls.filter((call) => !call.endsWith('/auth/me'))).toEqual([]);
  });

  it('shows the bio limit for more than 500 characters', async () => {
    const { user } = await openSettings();
    const bio = await screen.findByLabelText('Bio');
    // maxLength stops typing at 500; a paste from script can still go over. A browser reports a
    // paste as an `input` event.
    fireEvent.input(bio, { target: { value: 'x'.repeat(501) } });
    await user.click(saveButton());
    expect(screen.getByText(MSG.bioTooLong)).toBeInTheDocument();
  });

  it.each([
    [
      { 'Confirm New Password': 'secret1' },
      ['Current password is required to change password', 'New password is required'],
    ],
    [
      { 'Current Password': 'old', 'New Password': '123', 'Confirm New Password': '123' },
      ['New password must be at least 6 characters'],
    ],
    [
      { 'Current Password': 'old', 'New Password': 'secret1', 'Confirm New Password': 'secret2' },
      ['Passwords do not match'],
    ],
  ])('checks the password fields once any is filled: %j', async (typed, messages) => {
    const { user, calls } = await openSettings();
    await screen.findByLabelText('Current Password');
    for (const [label, value] of Object.entries(typed)) await user.type(screen.getByLabelText(label), value);
    await user.click(saveButton());
    for (const message of messages) expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => !call.endsWith('/auth/me'))).toEqual([]);
  });
});

describe('Settings avatar', () => {
  const photoInput = () => screen.getByLabelText('Upload New Photo');

  it('refuses a file that is not an image', async () => {
    await openSettings();
    await screen.findByLabelText('Upload New Photo');
    fireEvent.change(photoInput(), {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('refuses an image of 5MB or more', async () => {
    await openSettings();
    await screen.findByLabelText('Upload New Photo');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(photoInput(), { target: { files: [big] } });
    expect(screen.getByText('Image size should be less than 5MB')).toBeInTheDocument();
  });

  it('shows the recommendation and makes a chosen photo an unsaved change', async () => {
    await openSettings();
    expect(await screen.findByText(/square image of at least 200x200 pixels/)).toBeInTheDocument();
    fireEvent.change(photoInput(), {
      target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
    });
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });
});
