import {
  GEOLOCATION_MAX_AGE_MS,
  GEOLOCATION_TIMEOUT_MS,
  type NearestCity,
  type PostLocation,
  type PublicConfig,
} from '@glimpse/shared';
import { useCallback, useState } from 'react';
import { http } from '../api/http';
import { LOCATION_MSG } from './text';

/**
 * "Use current location" (SPEC §2 Location picker): device geolocation, then a reverse-geocoding
 * request to the open maps service whose address comes from GET /api/config (`geocoderUrl`,
 * configurable on the server, so tests and offline installs can point it at a stand-in).
 */

/** A geolocation failure; `message` is one of LOCATION_MSG. */
export class LocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationError';
  }
}

export type LocationAddress = PostLocation['address'];
export type Coordinates = NonNullable<PostLocation['coordinates']>;

export interface CurrentLocation {
  /** The geocoded place; '' when reverse geocoding failed (coordinates are never a name). */
  name: string;
  coordinates: Coordinates;
  address: LocationAddress;
  /** LOCATION_MSG.addressFailed when reverse geocoding failed. */
  addressError: string | null;
  /**
   * When reverse geocoding failed: the city of the nearest post members made (the server's
   * GET /api/posts/nearest-city), to offer instead; null when none is near or it was not found.
   */
  nearestCity: string | null;
}

export const EMPTY_ADDRESS: LocationAddress = { street: '', city: '', state: '', country: '', zipCode: '' };

/** GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout. */
export function geolocationErrorMessage(error: { code?: number } | null | undefined): string {
  const byCode: Record<number, string> = {
    1: LOCATION_MSG.denied,
    2: LOCATION_MSG.unavailable,
    3: LOCATION_MSG.timeout,
  };
  return (error?.code !== undefined && byCode[error.code]) || LOCATION_MSG.unknown;
}

/** "33.68460, -117.82650": the name used when no address could be found. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

export function getCurrentCoordinates(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new LocationError(LOCATION_MSG.notSupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new LocationError(geolocationErrorMessage(error))),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
  });
}

let geocoderUrlPromise: Promise<string> | null = null;

/** The reverse geocoder's address, asked of the server once per page load. */
export function fetchGeocoderUrl(): Promise<string> {
  geocoderUrlPromise ??= http.get<PublicConfig>('/config').then((config) => {
    if (!config?.geocoderUrl) throw new Error('No geocoder configured');
    return config.geocoderUrl;
  });
  // A failed lookup is not remembered: the next attempt asks again.
  geocoderUrlPromise.catch(() => {
    geocoderUrlPromise = null;
  });
  return geocoderUrlPromise;
}

/** Nominatim's answer, as far as we read it. */
interface GeocoderAnswer {
  display_name?: string;
  address?: Partial<
    Record<
      | 'house_number'
      | 'road'
      | 'city'
      | 'town'
      | 'village'
      | 'hamlet'
      | 'county'
      | 'state'
      | 'country'
      | 'postcode',
      string
    >
  >;
}

/** Coordinates → a short place name and an address; throws when the service fails or knows nothing. */
export async function reverseGeocode(
  { latitude, longitude }: Coordinates,
  signal?: AbortSignal,
): Promise<{ name: string; address: LocationAddress }> {
  const base = await fetchGeocoderUrl();
  const url = `${base}?format=json&lat=${encodeURIComponent(latitude)}&lon=${encodeURIComponent(longitude)}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
  const answer = (await response.json()) as GeocoderAnswer;
  const a = answer.address ?? {};
  const address: LocationAddress = {
    street: [a.house_number, a.road].filter(Boolean).join(' '),
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.county ?? '',
    state: a.state ?? '',
    country: a.country ?? '',
    zipCode: a.postcode ?? '',
  };
  const name =
    [address.city, address.state, address.country].filter(Boolean).join(', ') || answer.display_name || '';
  if (!name) throw new Error('The geocoder found no address');
  return { name, address };
}

/** The nearest city members post from, or null (none near, or the server could not be asked). */
export async function fetchNearestCity({ latitude, longitude }: Coordinates): Promise<string | null> {
  try {
    const answer = await http.get<NearestCity>('/posts/nearest-city', {
      query: { lat: latitude, lon: longitude },
    });
    return answer.city;
  } catch (error) {
    console.error('Nearest city lookup failed', error);
    return null;
  }
}

/**
 * Where the device is, with an address. Rejects with a LocationError for geolocation failures;
 * a geocoding failure still resolves, with `addressError` set, no name, and the nearest known
 * city to offer.
 */
export async function locateCurrentPosition(): Promise<CurrentLocation> {
  const coordinates = await getCurrentCoordinates();
  try {
    const { name, address } = await reverseGeocode(coordinates);
    return { name, coordinates, address, addressError: null, nearestCity: null };
  } catch (error) {
    console.error('Reverse geocoding failed', error);
    return {
      name: '',
      coordinates,
      address: EMPTY_ADDRESS,
      addressError: LOCATION_MSG.addressFailed,
      nearestCity: await fetchNearestCity(coordinates),
    };
  }
}

/**
 * React state around locateCurrentPosition: `error` holds the exact message of the last
 * failure (or the address warning); `locate()` resolves with the location or rejects.
 */
export function useCurrentLocation() {
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(async (): Promise<CurrentLocation> => {
    setIsLocating(true);
    setError(null);
    try {
      const location = await locateCurrentPosition();
      setError(location.addressError);
      return location;
    } catch (caught) {
      setError(caught instanceof LocationError ? caught.message : LOCATION_MSG.unknown);
      throw caught;
    } finally {
      setIsLocating(false);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);

  return { locate, isLocating, error, clearError };
}
