import type { LocationStat } from '@glimpse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageLoaders } from '../../app/pages';
import { jsonResponse, renderApp, stubFetch } from '../../test/render';
import { makePost, makePostList, routeFetch } from '../profile/test-fixtures';

const STATS: LocationStat[] = [
  'Irvine',
  'Los Angeles',
  'San Francisco',
  'New York',
  'Seattle',
  'San Diego',
  'San Jose',
  'Santa Cruz',
  'Santa Monica',
  'Paris',
  'Tokyo',
  'Lisbon',
].map((city, i) => ({ city, count: 50 - i }));

/** Routes the explore calls; records the city of each feed request. */
function stubExplore(extra: Parameters<typeof routeFetch>[0] = {}) {
  const feedCities: Array<string | null> = [];
  const feedQueries: URLSearchParams[] = [];
  stubFetch(
    routeFetch({
      'GET /api/posts/location-stats': () => jsonResponse(STATS),
      'GET /api/posts': ({ url }) => {
        feedCities.push(url.searchParams.get('city'));
        feedQueries.push(url.searchParams);
        const city = url.searchParams.get('city') ?? '';
        return jsonResponse(
          makePostList(city === 'Nowhere' ? [] : [makePost({ title: `A day in ${city}`, city })]),
        );
      },
      ...extra,
    }),
  );
  return { feedCities, feedQueries };
}

beforeAll(async () => {
  await pageLoaders.explore();
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
  // navigator.geolocation is replaced by some tests.
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('ExplorePage', () => {
  it('explores Irvine by default: 10 posts a page, newest first', async () => {
    const { feedQueries } = stubExplore();
    renderApp('/explore');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Explore in Irvine' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A day in Irvine' })).toBeInTheDocument();
    expect(feedQueries[0]?.get('city')).toBe('Irvine');
    expect(feedQueries[0]?.get('limit')).toBe('10');
    expect(await screen.findByText("You've seen all posts!")).toBeInTheDocument();
  });

  it('takes the city from ?city=', async () => {
    stubExplore();
    renderApp('/explore?city=Paris');
    expect(await screen.findByRole('heading', { name: 'Explore in Paris' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A day in Paris' })).toBeInTheDocument();
  });

  it('lists the top 10 "Popular Cities" with post counts; a click explores that city', async () => {
    const { feedCities } = stubExplore();
    const { router, user } = renderApp('/explore');
    const list = within(await screen.findByRole('region', { name: 'Popular Cities' }));
    const buttons = await list.findAllByRole('button');
    expect(buttons).toHaveLength(10);
    expect(buttons[0]).toHaveTextContent('Irvine50 posts');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(list.getByRole('button', { name: /^Seattle/ }));
    expect(await screen.findByRole('heading', { name: 'Explore in Seattle' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?city=Seattle');
    expect(list.getByRole('button', { name: /^Seattle/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(feedCities).toContain('Seattle'));
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Explore in Irvine' })).toBeInTheDocument();
  });

  it('suggests up to 5 known cities containing the text, never the exact one', async () => {
    stubExplore();
    const { user } = renderApp('/explore');
    const input = await screen.findByRole('combobox', { name: 'Search City' });
    await screen.findAllByRole('button', { name: /posts$/ });
    await user.type(input, 'SAN');
    const options = within(screen.getByRole('listbox', { name: 'City suggestions' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'San Francisco',
      'San Diego',
      'San Jose',
      'Santa Cruz',
      'Santa Monica',
    ]);
    await user.clear(input);
    await user.type(input, 'paris');
    expect(screen.queryByRole('listbox', { name: 'City suggestions' })).not.toBeInTheDocument();
  });

  it('title-cases a submitted city and ignores an empty one', async () => {
    stubExplore();
    const { router, user } = renderApp('/explore');
    const input = await screen.findByRole('combobox', { name: 'Search City' });
    await user.type(input, '   {Enter}');
    expect(router.state.location.search).toBe('');
    await user.type(input, 'new  yORK{Enter}');
    expect(await screen.findByRole('heading', { name: 'Explore in New York' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?city=New+York');
    expect(input).toHaveValue('');
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    stubExplore();
    const { user } = renderApp('/explore');
    const input = await screen.findByRole('combobox', { name: 'Search City' });
    await screen.findAllByRole('button', { name: /posts$/ });
    await user.type(input, 'san{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'San Diego' })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'San Diego' }).id,
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Explore in San Diego' })).toBeInTheDocument();
  });

  it('shows the feed empty state for a city without posts', async () => {
    stubExplore();
    renderApp('/explore?city=Nowhere');
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search query.')).toBeInTheDocument();
  });

  it('explores the current location once the device and the geocoder answer', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 48.85, longitude: 2.35 } } as GeolocationPosition),
      },
    });
    stubExplore({
      'GET /api/config': () => jsonResponse({ geocoderUrl: 'http://localhost/reverse' }),
      'GET /reverse': () => jsonResponse({ address: { city: 'Paris', country: 'France' } }),
    });
    const { user } = renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Current Location' }));
    expect(await screen.findByRole('heading', { name: 'Explore in Paris' })).toBeInTheDocument();
  });

  it('shows the exact message when location access is denied', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
    });
    stubExplore();
    const { user } = renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Current Location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location access denied by user');
    expect(screen.getByRole('heading', { name: 'Explore in Irvine' })).toBeInTheDocument();
  });
});
