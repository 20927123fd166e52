import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken, renderApp, stubFetch, stubMemberApi } from '../test/render';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('NavBar', () => {
  it('signed out: shows the logo, the search box and a "Log In" link, but no member buttons', async () => {
    stubFetch(() => Promise.reject(new Error('must not be called')));
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Glimpse' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByPlaceholderText('Search for ...')).toBeInTheDocument();
    for (const name of ['Explore', 'Messages', 'Notifications', 'Profile']) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('signed in: shows the four round buttons and no "Log In"', async () => {
    window.localStorage.setItem('token', makeToken());
    stubMemberApi();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notification');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('goes to /search?q=<text> when Enter is pressed in the search box', async () => {
    stubFetch(() => Promise.reject(new Error('must not be called')));
    const { user, router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.type(within(mainNav()).getByRole('combobox', { name: 'Search' }), 'sunset beach{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('sunset beach');
    expect(within(mainNav()).getByRole('combobox', { name: 'Search' })).toHaveValue('sunset beach');
  });

  it('ignores Enter on an empty search box', async () => {
    stubFetch(() => Promise.reject(new Error('must not be called')));
    const { user, router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.type(within(mainNav()).getByRole('combobox', { name: 'Search' }), '   {Enter}');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('marks the current page on its round button', async () => {
    window.localStorage.setItem('token', makeToken());
    stubMemberApi();
    renderApp('/explore');
    await screen.findByRole('heading', { level: 1, name: 'Explore' });
    expect(within(mainNav()).getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
  });
});
