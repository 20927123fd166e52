import type { PostLocation } from '@glimpse/shared';
import { useId, useState } from 'react';
import { CloseIcon, PinIcon } from '../../components/icons';
import {
  EMPTY_ADDRESS,
  formatCoordinates,
  useCurrentLocation,
  type Coordinates,
} from '../../lib/geolocation';
import { LOCATION_TEXT } from '../../lib/text';
import styles from './LocationPicker.module.css';

export interface LocationPickerProps {
  value: PostLocation | null;
  onChange: (location: PostLocation | null) => void;
  disabled?: boolean;
}

/** Typed text is a place whose first part is the city ("Irvine, CA" → Irvine), no coordinates. */
export function manualLocation(name: string): PostLocation | null {
  if (!name.trim()) return null;
  const city = name.split(',')[0]!.trim();
  return { name, coordinates: null, address: { ...EMPTY_ADDRESS, city } };
}

/** A place "Use current location" found but did not put in the field: offered with a button. */
interface Offer {
  /** What the offer says ("Nearest city with posts: Irvine", "Found: Irvine, California"). */
  label: string;
  location: PostLocation;
}

/**
 * The post's optional location: type a place, or "Use current location" (device position turned
 * into an address). It forgives: a typed place is never overwritten (what the device found is
 * offered beside it instead), and when reverse geocoding fails the nearest city members post from
 * is offered, with the raw coordinates only as a hint, never as the name.
 */
export function LocationPicker({ value, onChange, disabled = false }: LocationPickerProps) {
  const { locate, isLocating, error, clearError } = useCurrentLocation();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [positionHint, setPositionHint] = useState<Coordinates | null>(null);
  const inputId = useId();
  const messageId = useId();

  const fillCurrentLocation = async () => {
    setOffer(null);
    setPositionHint(null);
    let found;
    try {
      found = await locate();
    } catch {
      return; // The hook already holds the exact message shown below.
    }
    const { coordinates } = found;
    const hasTypedPlace = Boolean(value?.name.trim()) && !value?.coordinates;
    if (!found.addressError) {
      const location = { name: found.name, coordinates, address: found.address };
      if (hasTypedPlace) setOffer({ label: LOCATION_TEXT.foundPlace(found.name), location });
      else onChange(location);
      return;
    }
    setPositionHint(coordinates);
    if (found.nearestCity) {
      const city = found.nearestCity;
      setOffer({
        label: LOCATION_TEXT.nearestCity(city),
        location: { name: city, coordinates, address: { ...EMPTY_ADDRESS, city } },
      });
    }
  };

  const acceptOffer = () => {
    if (!offer) return;
    onChange(offer.location);
    setOffer(null);
    setPositionHint(null);
    clearError();
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
      {offer && (
        <div className={styles.offer}>
          <span>{offer.label}</span>
          <button type="button" className={styles.useOffer} disabled={disabled} onClick={acceptOffer}>
            {LOCATION_TEXT.acceptFound(offer.location.name)}
          </button>
        </div>
      )}
      {positionHint && (
        <p className={styles.coords}>{LOCATION_TEXT.positionHint(formatCoordinates(positionHint))}</p>
      )}
    </div>
  );
}
