import type { SelfUser } from '@glimpse/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';

/** Renders the whole app (real route table, lazy pages included) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/** Renders one element inside the app providers and a memory router. */
export function renderWithProviders(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the client only decodes it. `expInSeconds` is relative to now. */
export function makeToken(
  payload: Partial<{ userId: string; username: string; email: string }> = {},
  { expInSeconds = 3600 }: { expInSeconds?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const body = {
    userId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    username: 'alice',
    email: 'alice@gmail.com',
    iat: now,
    exp: now + expInSeconds,
    ...payload,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(body)}.signature`;
}

export function makeSelfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  const id = overrides.id ?? 'a1b2c3d4e5f6a1b2c3d4e5f6';
  return {
    id,
    _id: id,
    username: 'alice',
    email: 'alice@gmail.com',
    profile: {
      displayName: 'Alice Liddell',
      firstName: 'Alice',
      lastName: 'Liddell',
      bio: 'Photos of rabbit holes',
      location: 'Irvine',
      website: '',
      phoneNumber: '',
      profilePicture: null,
      socialLinks: {},
    },
    account: { isVerified: true },
    stats: { postsCount: 3, followersCount: 10, followingCount: 4 },
    followersCount: 10,
    activity: { isOnline: true, lastActiveAt: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    preferences: {},
    moderation: { permissions: [], isAdmin: false, isModerator: false },
    isPrivate: false,
    security: { twoFactorEnabled: false },
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs global fetch; returns the mock so a test can inspect calls. */
export function stubFetch(implementation: (url: string, init?: RequestInit) => Promise<Response>) {
  const mock = vi.fn(implementation);
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * Stubs fetch for a signed-in member: GET /api/auth/me answers `user`, any other request a 404 (as
 * the server answers an unknown route), so each page shows its own error state for the lists it
 * loads. Answering every request with the member made /home, /profile and /notification crash into
 * the route error a moment after their heading showed: tests that checked the heading passed only
 * because React DOM committed that crash after their assertion.
 */
export function stubMemberApi(user: SelfUser = makeSelfUser()) {
  return stubFetch((url) => {
    const { pathname } = new URL(String(url), 'http://localhost');
    return Promise.resolve(
      pathname === '/api/auth/me'
        ? jsonResponse(user)
        : jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404),
    );
  });
}
