import type { LocationStat } from '@glimpse/shared';
import { cx } from '../../lib/cx';
import { countLabel } from '../post';
import styles from './ExploreSidebar.module.css';
import { POPULAR_CITIES_TEXT } from '../../lib/text';

export interface PopularCitiesProps {
  /** The top cities with their post counts, most first. */
  cities: readonly LocationStat[];
  status: 'pending' | 'error' | 'success';
  /** The city the feed shows; its button reads as pressed. */
  current: string;
  onSelect: (city: string) => void;
  onRetry: () => void;
}

/** "Popular Cities" (SPEC §2 Explore): the top 10 with their post counts; a click shows that city. */
export function PopularCities({ cities, status, current, onSelect, onRetry }: PopularCitiesProps) {
  const currentKey = current.toLowerCase();
  return (
    <section className={styles.group} aria-labelledby="explore-popular">
      <h2 id="explore-popular" className={styles.heading}>
        {POPULAR_CITIES_TEXT.title}
      </h2>
      {status === 'pending' && (
        <p className={styles.note} role="status">
          {POPULAR_CITIES_TEXT.loading}
        </p>
      )}
      {status === 'error' && (
        <p className={styles.note} role="alert">
          {POPULAR_CITIES_TEXT.failed}{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {POPULAR_CITIES_TEXT.retry}
          </button>
        </p>
      )}
      {status === 'success' && cities.length === 0 && (
        <p className={styles.note}>{POPULAR_CITIES_TEXT.empty}</p>
      )}
      {cities.length > 0 && (
        <ul role="list" className={styles.cities}>
          {cities.map((stat) => {
            const selected = stat.city.toLowerCase() === currentKey;
            return (
              <li key={stat.city}>
                <button
                  type="button"
                  aria-pressed={selected}
                  className={cx(styles.city, selected && styles.cityActive)}
                  onClick={() => onSelect(stat.city)}
                >
                  <span className={styles.cityName}>{stat.city}</span>
                  <span className={styles.cityCount}>{countLabel(stat.count, 'post')}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
