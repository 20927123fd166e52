import type { SearchSuggestions } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRecentSearches, RECENT_SEARCHES_KEY } from '../lib/recent-searches';
import { jsonResponse, makeSelfUser, renderApp, stubFetch } from '../test/render';

const HARBOUR: SearchSuggestions = {
  query: 'har',
  users: [makeSelfUser({ id: 'u1', username: 'hana' })],
  tags: [{ tag: 'harbour', count: 3 }],
  places: [{ city: 'Harlem', count: 1 }],
};

function stubSuggestions() {
  return stubFetch((url) => {
    const { pathname } = new URL(String(url), 'http://localhost');
    return Promise.resolve(
      pathname === '/api/search/suggestions'
        ? jsonResponse(HARBOUR)
        : jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404),
    );
  });
}

const field = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('combobox', { name: 'Search' });

beforeEach(() => window.localStorage.clear());

describe('the navigation search box', () => {
  it('suggests people, tags and places as one types; arrows move, Enter opens, Escape closes', async () => {
    const fetch = stubSuggestions();
    const { user, router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.type(field(), 'har');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getByRole('group', { name: 'People' })).toHaveTextContent('@hana');
    expect(within(list).getByRole('group', { name: 'Tags' })).toHaveTextContent('#harbour3 posts');
    expect(within(list).getByRole('group', { name: 'Places' })).toHaveTextContent('Harlem1 post');
    // Asked once the typing paused, not at every key.
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/suggestions'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('q=har');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const tag = within(list).getByRole('option', { name: /#harbour/ });
    expect(tag).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', tag.id);
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags/harbour'));
  });

  it('lists recent searches when focused and empty: each removable, "Clear" empties them, and a search is kept', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['sunset', 'paris', 'lanterns']));
    stubSuggestions();
    const { user, router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(field());
    // The list's code loads on the first opening (SearchPopup.tsx).
    const list = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['sunset', 'paris', 'lanterns']);
    await user.click(screen.getByRole('button', { name: 'Remove "paris" from recent searches' }));
    expect(readRecentSearches()).toEqual(['sunset', 'lanterns']);
    expect(field()).toHaveFocus();
    // Shift+Delete removes the highlighted one from the keyboard.
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>}{Delete}{/Shift}');
    expect(readRecentSearches()).toEqual(['sunset']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(readRecentSearches()).toEqual([]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(field(), 'golden hour{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(readRecentSearches()).toEqual(['golden hour']);
  });
});
