import { POPULAR_CITIES_MAX, type LocationStat } from '@glimpse/shared';
import { CitySearch } from './CitySearch';
import { CurrentLocationButton } from './CurrentLocationButton';
import styles from './ExploreSidebar.module.css';
import { PopularCities } from './PopularCities';

export interface ExploreSidebarProps {
  city: string;
  /** Every city the server knows, most posts first. */
  stats: readonly LocationStat[];
  statsStatus: 'pending' | 'error' | 'success';
  onSelectCity: (city: string) => void;
  onRetryStats: () => void;
}

/** The Explore sidebar (SPEC §2): "Current Location", the city search, and "Popular Cities". */
export function ExploreSidebar({
  city,
  stats,
  statsStatus,
  onSelectCity,
  onRetryStats,
}: ExploreSidebarProps) {
  return (
    <div className={styles.sidebar}>
      <div className={styles.intro}>
        <h1 className={styles.title}>Explore</h1>
        <p className={styles.subtitle}>Discover what people share, city by city.</p>
      </div>
      <CurrentLocationButton onCity={onSelectCity} />
      <CitySearch cities={stats.map((s) => s.city)} onSelect={onSelectCity} />
      <PopularCities
        cities={stats.slice(0, POPULAR_CITIES_MAX)}
        status={statsStatus}
        current={city}
        onSelect={onSelectCity}
        onRetry={onRetryStats}
      />
    </div>
  );
}
