import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeToken, renderApp, stubMemberApi } from '../test/render';
import { ChunkLoadError } from './lazy-page';
import { RouteError } from './RouteError';

function signIn() {
  window.localStorage.setItem('token', makeToken({ username: 'alice' }));
  stubMemberApi();
}

describe('routes', () => {
  it('redirects / to /home', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it.each([
    ['/home', 'Home'],
    ['/posts/65a1b2c3d4e5f6a1b2c3d4e5', 'Post'],
    ['/explore', 'Explore'],
    ['/search?q=cats', 'Search'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/forgot-password', 'Forgot your password?'],
  ])('%s shows the "%s" page inside <main>', async (path, heading) => {
    renderApp(path);
    const h1 = await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.getByRole('main')).toContainElement(h1);
  });

  it('shows a real not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });

  it.each(['/chat', '/create-post', '/notification', '/profile', '/settings'])(
    '%s sends a signed-out visitor to /login',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Glimpse' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each([
    ['/chat', 'Messages'],
    ['/create-post', 'Create Post'],
    ['/notification', 'Notifications'],
    ['/profile', 'alice'],
    ['/settings', 'Settings'],
  ])('%s opens for a signed-in member', async (path, heading) => {
    signIn();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('RouteError', () => {
  it('reports a chunk that failed to load, with a Reload button', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          HydrateFallback: () => null,
          lazy: () => Promise.reject(new ChunkLoadError('home', 'error')),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk home failed');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
