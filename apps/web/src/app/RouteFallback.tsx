import { LoadingState } from '../components/Spinner';
import styles from './AppLayout.module.css';

/** Shown on first load while the first page's chunk arrives (later navigations show a top bar). */
export function RouteFallback() {
  return (
    <main className={styles.fallback}>
      <LoadingState message="Loading..." />
    </main>
  );
}
