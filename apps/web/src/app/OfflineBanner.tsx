import { OfflineIcon } from '../components/icons';
import { useOnlineStatus } from '../lib/useOnlineStatus';
import styles from './AppLayout.module.css';

export const OFFLINE_BANNER_TEXT =
  "You're offline. What's already loaded stays here; likes, comments and messages need a connection.";

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
