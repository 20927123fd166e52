import { OfflineIcon } from '../components/icons';
import { useOnlineStatus } from '../lib/useOnlineStatus';
import styles from './AppLayout.module.css';
import { OFFLINE_BANNER_TEXT } from '../lib/text';

/**
 * App-wide, inside the sticky navbar (so it stays in view), while the browser says it has no network. The live region is always
 * in the DOM (a screen reader only announces changes to a region it already knows).
 */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  return (
    <div role="status">
      {!isOnline && (
        <p className={styles.offline}>
          <OfflineIcon />
          <span>{OFFLINE_BANNER_TEXT}</span>
        </p>
      )}
    </div>
  );
}
