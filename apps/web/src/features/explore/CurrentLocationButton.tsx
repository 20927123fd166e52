import { useState } from 'react';
import { useCurrentLocation } from '../../lib/geolocation';
import { LOCATION_MSG } from '../../lib/text';
import styles from './ExploreSidebar.module.css';

export interface CurrentLocationButtonProps {
  /** Called with the device's city once it is known. */
  onCity: (city: string) => void;
}

/**
 * "Current Location" (SPEC §2 Explore): device geolocation, then reverse geocoding to a city.
 * Failures show the exact SPEC §8 message under the button; without a city (the geocoder failed
 * or knows none) the nearest city members post from is explored; with none either, the address
 * message is shown instead.
 */
export function CurrentLocationButton({ onCity }: CurrentLocationButtonProps) {
  const { locate, isLocating, error, clearError } = useCurrentLocation();
  const [noCity, setNoCity] = useState(false);
  const message = error ?? (noCity ? LOCATION_MSG.addressFailed : null);

  const onClick = async () => {
    setNoCity(false);
    try {
      const found = await locate();
      const city = found.address.city.trim();
      if (city) onCity(city);
      else if (found.nearestCity) {
        // The geocoder failed, but members post from a city nearby: explore that one.
        clearError();
        onCity(found.nearestCity);
      } else if (!found.addressError) setNoCity(true);
    } catch {
      // The hook holds the exact message, shown below.
    }
  };

  return (
    <div className={styles.locate}>
      <button
        type="button"
        className={styles.locateButton}
        onClick={() => void onClick()}
        disabled={isLocating}
        aria-busy={isLocating || undefined}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
        </svg>
        Current Location
      </button>
      {isLocating && (
        <p className={styles.note} role="status">
          Locating...
        </p>
      )}
      {!isLocating && message && (
        <p className={styles.locateError} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
