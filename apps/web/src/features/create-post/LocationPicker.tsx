import type { PostLocation } from '@glimpse/shared';
import { useId } from 'react';
import { CloseIcon, PinIcon } from '../../components/icons';
import { EMPTY_ADDRESS, formatCoordinates, useCurrentLocation } from '../../lib/geolocation';
import styles from './LocationPicker.module.css';

export interface LocationPickerProps {
  value: PostLocation | null;
  onChange: (location: PostLocation | null) => void;
  disabled?: boolean;
}

/** Typed text is a city only: no coordinates, no other address parts (SPEC §2). */
export function manualLocation(city: string): PostLocation | null {
  if (!city.trim()) return null;
  return { name: city, coordinates: null, address: { ...EMPTY_ADDRESS, city } };
}

/**
 * The post's optional location: type a city, or "Use current location" (device position turned
 * into an address; named by its coordinates when no address can be found).
 */
export function LocationPicker({ value, onChange, disabled = false }: LocationPickerProps) {
  const { locate, isLocating, error } = useCurrentLocation();
  const inputId = useId();
  const messageId = useId();

  const fillCurrentLocation = async () => {
    try {
      const found = await locate();
      onChange({ name: found.name, coordinates: found.coordinates, address: found.address });
    } catch {
      // The hook already holds the exact message shown below.
    }
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={inputId} className={styles.label}>
        Location
      </label>
      <div className={styles.row}>
        <div className={styles.inputWrap}>
          <PinIcon />
          <input
            id={inputId}
            className={styles.input}
            placeholder="Add a city"
            value={value?.name ?? ''}
            maxLength={100}
            disabled={disabled}
            aria-describedby={error ? messageId : undefined}
            onChange={(event) => onChange(manualLocation(event.target.value))}
          />
          {value && (
            <button
              type="button"
              className={styles.clear}
              aria-label="Clear location"
              disabled={disabled}
              onClick={() => onChange(null)}
            >
              <CloseIcon size={16} />
            </button>
          )}
        </div>
        <button
          type="button"
          className={styles.current}
          disabled={disabled || isLocating}
          aria-busy={isLocating || undefined}
          onClick={() => void fillCurrentLocation()}
        >
          {isLocating ? 'Locating...' : 'Use current location'}
        </button>
      </div>
      {value?.coordinates && (
        <p className={styles.coords}>Coordinates: {formatCoordinates(value.coordinates)}</p>
      )}
      {error && (
        <p id={messageId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
