import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderWithProviders, stubFetch } from '../../test/render';
import { useAuth } from '../../lib/useAuth';

function SessionProbe() {
  const { user, token, isAuthenticated, isUserLoaded, isOnline, logout, updateUser } = useAuth();
  return (
    <div>
      <p>authenticated: {String(isAuthenticated)}</p>
      <p>user: {user?.username ?? 'none'}</p>
      <p>display name: {user?.profile.displayName || 'none'}</p>
      <p>token: {token ? 'present' : 'none'}</p>
      <p>loaded: {String(isUserLoaded)}</p>
      <p>online: {String(isOnline)}</p>
      <p>activity: {user ? String(user.activity.isOnline) : 'none'}</p>
      <button type="button" onClick={logout}>
        Log out
      </button>
      <button type="button" onClick={() => updateUser({ username: 'renamed' })}>
        Rename
      </button>
    </div>
  );
}

describe('AuthProvider session restore', () => {
  it('restores the user from a valid stored token at once, then merges GET /api/auth/me', async () => {
    const token = makeToken({ username: 'alice' });
    window.localStorage.setItem('token', token);
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderWithProviders(<SessionProbe />);
    expect(screen.getByText('authenticated: true')).toBeInTheDocument();
    expect(screen.getByText('user: alice')).toBeInTheDocument();
    expect(screen.getByText('loaded: false')).toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);

    await act(async () => answer(jsonResponse(makeSelfUser({ username: 'alice' }))));
    expect(await screen.findByText('display name: Alice Liddell')).toBeInTheDocument();
    expect(screen.getByText('loaded: true')).toBeInTheDocument();
  });

  it('logs out and removes the stored token when it does not have 3 parts', () => {
    window.localStorage.setItem('token', 'only.two');
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(makeSelfUser())));
    renderWithProviders(<SessionProbe />);
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out when the token has expired', () => {
    window.localStorage.setItem('token', makeToken({}, { expInSeconds: -60 }));
    stubFetch(() => Promise.resolve(jsonResponse(makeSelfUser())));
    renderWithProviders(<SessionProbe />);
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('logs out when /api/auth/me answers non-OK', async () => {
    window.localStorage.setItem('token', makeToken());
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'Token expired', code: 'TOKEN_EXPIRED' }, 401)));
    renderWithProviders(<SessionProbe />);
    expect(await screen.findByText('authenticated: false')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session when /api/auth/me cannot be reached, and only logs', async () => {
    const token = makeToken();
    window.localStorage.setItem('token', token);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<SessionProbe />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByText('authenticated: true')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(token);
  });
});

describe('AuthProvider actions', () => {
  it('logout clears the user, the token and the stored token', async () => {
    window.localStorage.setItem('token', makeToken());
    stubFetch(() => Promise.resolve(jsonResponse(makeSelfUser())));
    const { user } = renderWithProviders(<SessionProbe />);
    await screen.findByText('loaded: true');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();
    expect(screen.getByText('token: none')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('updateUser merges fields into the current user', async () => {
    window.localStorage.setItem('token', makeToken());
    stubFetch(() => Promise.resolve(jsonResponse(makeSelfUser())));
    const { user } = renderWithProviders(<SessionProbe />);
    await screen.findByText('loaded: true');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('user: renamed')).toBeInTheDocument();
    expect(screen.getByText('display name: Alice Liddell')).toBeInTheDocument();
  });

  it('tracks browser online/offline events and the user activity', async () => {
    window.localStorage.setItem('token', makeToken());
    stubFetch(() => Promise.resolve(jsonResponse(makeSelfUser())));
    renderWithProviders(<SessionProbe />);
    await screen.findByText('loaded: true');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('online: false')).toBeInTheDocument();
    expect(screen.getByText('activity: false')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('online: true')).toBeInTheDocument();
    expect(screen.getByText('activity: true')).toBeInTheDocument();
  });
});
