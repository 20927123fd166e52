import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS, type PostLocation } from '@glimpse/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { stubApi } from '../post/post-fixtures';
import { LocationPicker } from './LocationPicker';

const GEOCODER = 'http://geocoder.test/reverse';

function Harness({ onChange }: { onChange: (location: PostLocation | null) => void }) {
  const [value, setValue] = useState<PostLocation | null>(null);
  return (
    <LocationPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

type PositionCallback = (position: { coords: { latitude: number; longitude: number } }) => void;
type ErrorCallback = (error: { code: number }) => void;

function stubGeolocation(run: (ok: PositionCallback, fail: ErrorCallback) => void) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: ErrorCallback, _options?: PositionOptions) =>
    run(ok, fail),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

const IRVINE = { coords: { latitude: 33.6846, longitude: -117.8265 } };

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

describe('LocationPicker', () => {
  it('turns typed text into a city-only location', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Location'), 'Irvine');
    expect(onChange).toHaveBeenLastCalledWith({
      name: 'Irvine',
      coordinates: null,
      address: { street: '', city: 'Irvine', state: '', country: '', zipCode: '' },
    });
    await userEvent.type(screen.getByLabelText('Location'), ', CA');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Irvine, CA', address: expect.objectContaining({ city: 'Irvine' }) }),
    );
  });

  it('uses the device position with high accuracy and reverse-geocodes it', async () => {
    const getCurrentPosition = stubGeolocation((ok) => ok(IRVINE));
    const fetchMock = stubApi({
      'GET /api/config': () => jsonResponse({ geocoderUrl: GEOCODER }),
      'GET /reverse': () =>
        jsonResponse({
          address: {
            road: 'Main St',
            house_number: '1',
            city: 'Irvine',
            state: 'California',
            country: 'United States',
            postcode: '92614',
          },
        }),
    });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        name: 'Irvine, California, United States',
        coordinates: { latitude: 33.6846, longitude: -117.8265 },
        address: {
          street: '1 Main St',
          city: 'Irvine',
          state: 'California',
          country: 'United States',
          zipCode: '92614',
        },
      }),
    );
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({
      enableHighAccuracy: true,
      timeout: GEOLOCATION_TIMEOUT_MS,
      maximumAge: GEOLOCATION_MAX_AGE_MS,
    });
    const geocodeCall = fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.startsWith(GEOCODER));
    expect(geocodeCall).toBe(`${GEOCODER}?format=json&lat=33.6846&lon=-117.8265`);
  });

  it('never names the place by its coordinates: offers the nearest city with posts instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGeolocation((ok) => ok(IRVINE));
    const fetchMock = stubApi({
      'GET /api/config': () => jsonResponse({ geocoderUrl: GEOCODER }),
      'GET /reverse': () => jsonResponse({ error: 'down' }, 503),
      'GET /api/posts/nearest-city': () => jsonResponse({ city: 'Irvine', distanceKm: 2 }),
    });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Failed to get address for current location')).toBeInTheDocument();
    expect(screen.getByText('Nearest city with posts: Irvine')).toBeInTheDocument();
    expect(screen.getByText('Your position: 33.68460, -117.82650')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Location')).toHaveValue('');
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.includes('nearest-city'));
    expect(asked).toContain('lat=33.6846&lon=-117.8265');

    await userEvent.click(screen.getByRole('button', { name: 'Use Irvine' }));
    expect(onChange).toHaveBeenLastCalledWith({
      name: 'Irvine',
      coordinates: { latitude: 33.6846, longitude: -117.8265 },
      address: { street: '', city: 'Irvine', state: '', country: '', zipCode: '' },
    });
    expect(screen.getByLabelText('Location')).toHaveValue('Irvine');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never overwrites a typed place, whether geocoding fails or works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGeolocation((ok) => ok(IRVINE));
    let geocoderUp = false;
    stubApi({
      'GET /api/config': () => jsonResponse({ geocoderUrl: GEOCODER }),
      'GET /reverse': () =>
        geocoderUp
          ? jsonResponse({ address: { city: 'Irvine', state: 'California', country: 'United States' } })
          : jsonResponse({ error: 'down' }, 503),
      'GET /api/posts/nearest-city': () => jsonResponse({ city: null, distanceKm: null }),
    });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Location');
    await userEvent.type(input, 'Irvine, CA');
    onChange.mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Your position: 33.68460, -117.82650')).toBeInTheDocument();
    expect(input).toHaveValue('Irvine, CA');
    expect(onChange).not.toHaveBeenCalled();

    geocoderUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByText('Found: Irvine, California, United States')).toBeInTheDocument();
    expect(input).toHaveValue('Irvine, CA');
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location information is unavailable'],
    [3, 'Location request timed out'],
    [99, 'An unknown error occurred while getting location'],
  ])('maps geolocation error %i to "%s"', async (code, message) => {
    stubGeolocation((_ok, fail) => fail({ code }));
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says when the browser has no geolocation', async () => {
    render(<Harness onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Geolocation is not supported by this browser',
    );
  });
});
