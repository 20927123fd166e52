import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { routeFetch } from '../profile/test-fixtures';
import { stubXhr } from './test-xhr';

const ALICE = makeSelfUser();
const AVATAR = { url: '/media/alice.webp', filename: 'alice.webp', uploadedAt: '2026-01-02T00:00:00.000Z' };
type Routes = Parameters<typeof routeFetch>[0];

const ok = {
  profile: () =>
    jsonResponse({
      message: 'Profile updated successfully',
      user: { ...ALICE, profile: { ...ALICE.profile, displayName: 'Alice L.' } },
    }),
  avatar: () =>
    jsonResponse({
      avatarUrl: AVATAR.url,
      user: { ...ALICE, profile: { ...ALICE.profile, displayName: 'Alice L.', profilePicture: AVATAR } },
    }),
  password: () => jsonResponse({ message: 'Password updated successfully' }),
};
const fail = (status: number, message: string) => () => jsonResponse({ message, code: 'X' }, status);

async function openSettings(routes: Routes) {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
  const calls: string[] = [];
  const handle = routeFetch({
    'GET /api/auth/me': () => jsonResponse(ALICE),
    // The layout's badges (app-wide), not a call of this page.
    'GET /api/notifications/unread-counts': () => jsonResponse({ notifications: 0, messages: 0 }),
    ...routes,
  });
  const logged = (url: string, init?: RequestInit) => {
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    if (!call.endsWith('/auth/me') && !call.endsWith('/notifications/unread-counts')) calls.push(call);
    return handle(url, init);
  };
  stubFetch(logged);
  stubXhr(logged);
  const view = renderApp('/settings');
  await screen.findByLabelText('Display Name', {}, { timeout: 5000 });
  return { ...view, calls };
}

/** Changes the display name, chooses a photo and fills a valid password change, then saves. */
async function changeEverything(view: Awaited<ReturnType<typeof openSettings>>) {
  const { user } = view;
  await user.clear(screen.getByLabelText('Display Name'));
  await user.type(screen.getByLabelText('Display Name'), 'Alice L.');
  fireEvent.change(screen.getByLabelText('Upload New Photo'), {
    target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
  });
  await user.type(screen.getByLabelText('Current Password'), 'old-secret');
  await user.type(screen.getByLabelText('New Password'), 'new-secret');
  await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('Settings save sequence (SPEC §4)', () => {
  it('saves profile, then avatar, then password, and says so in one message', async () => {
    const sent: unknown[] = [];
    const view = await openSettings({
      'PUT /api/users/profile': (request) => {
        sent.push(request.body);
        return ok.profile();
      },
      'POST /api/users/avatar': (request) => {
        sent.push(request.body);
        return ok.avatar();
      },
      'PUT /api/users/password': (request) => {
        sent.push(request.body);
        return ok.password();
      },
    });
    await changeEverything(view);
    expect(await screen.findByText('Profile, avatar and password updated successfully!')).toBeInTheDocument();
    expect(view.calls).toEqual([
      'PUT /api/users/profile',
      'POST /api/users/avatar',
      'PUT /api/users/password',
    ]);
    expect(sent[0]).toMatchObject({ username: 'alice', profile: { displayName: 'Alice L.' } });
    expect(sent[1]).toBeInstanceOf(FormData);
    expect((sent[1] as FormData).get('avatar')).toBeInstanceOf(File);
    expect(sent[2]).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });

    // Everything saved: the form is clean again, the password fields are empty, the photo is the new one.
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(screen.getByRole('img', { name: 'Current profile photo' })).toHaveAttribute('src', AVATAR.url);
  });

  it('stops at a failed avatar upload, keeping the profile save and skipping the password', async () => {
    const view = await openSettings({
      'PUT /api/users/profile': ok.profile,
      'POST /api/users/avatar': fail(400, 'Please select a valid image file'),
      'PUT /api/users/password': ok.password,
    });
    await changeEverything(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid image file');
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    expect(view.calls).toEqual(['PUT /api/users/profile', 'POST /api/users/avatar']);
    // The photo and the password are still unsaved.
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(screen.getByLabelText('New Password')).toHaveValue('new-secret');
  });

  it('stops at a failed profile update before anything else', async () => {
    const view = await openSettings({
      'PUT /api/users/profile': fail(409, 'Username is already taken'),
      'POST /api/users/avatar': ok.avatar,
      'PUT /api/users/password': ok.password,
    });
    await changeEverything(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is already taken');
    expect(view.calls).toEqual(['PUT /api/users/profile']);
    expect(screen.queryByText(/updated successfully/)).not.toBeInTheDocument();
  });

  it('reports a wrong current password after saving the rest', async () => {
    const view = await openSettings({
      'PUT /api/users/profile': ok.profile,
      'POST /api/users/avatar': ok.avatar,
      'PUT /api/users/password': fail(400, 'Current password is incorrect'),
    });
    await changeEverything(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByText('Profile and avatar updated successfully!')).toBeInTheDocument();
  });

  it("saves only a password when only the password changed; this session's token stays", async () => {
    const view = await openSettings({ 'PUT /api/users/password': ok.password });
    const before = window.localStorage.getItem('token');
    const { user } = view;
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(view.calls).toEqual(['PUT /api/users/password']);
    // The server ends the other sessions only: this one carries on with its own token.
    expect(window.localStorage.getItem('token')).toBe(before);
  });

  it('saves only the avatar and shows the upload progress on the way', async () => {
    const view = await openSettings({ 'POST /api/users/avatar': ok.avatar });
    fireEvent.change(screen.getByLabelText('Upload New Photo'), {
      target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
    });
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Avatar updated successfully!')).toBeInTheDocument();
    expect(view.calls).toEqual(['POST /api/users/avatar']);
  });

  it('updates the signed-in user, so the profile shows the new name', async () => {
    const view = await openSettings({
      'PUT /api/users/profile': ok.profile,
      'GET /api/posts': () =>
        jsonResponse({
          posts: [],
          pagination: { currentPage: 1, hasNextPage: false, hasPrevPage: false, nextCursor: null },
        }),
    });
    await view.user.clear(screen.getByLabelText('Display Name'));
    await view.user.type(screen.getByLabelText('Display Name'), 'Alice L.');
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully!');
    await view.router.navigate('/profile');
    expect(await screen.findByText('Alice L.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('on a 401 says "Session expired", logs out and goes to /login', async () => {
    const view = await openSettings({ 'PUT /api/users/profile': fail(401, 'Token expired') });
    await view.user.type(screen.getByLabelText('Location'), '!');
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(screen.getByText('Session expired')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('says "Network error. Please check your connection." when the server cannot be reached', async () => {
    const view = await openSettings({
      'PUT /api/users/profile': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await view.user.type(screen.getByLabelText('Location'), '!');
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  });
});
