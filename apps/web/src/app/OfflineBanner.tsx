import { OfflineIcon } from '../components/icons';
import { useLocation } from 'react-router';
import { useOnlineStatus } from '../lib/useOnlineStatus';
import styles from './AppLayout.module.css';
import { OFFLINE_BANNER_TEXT } from '../lib/text';

/**
 * App-wide (but Chat, which has its own), inside the sticky navbar (so it stays in view), while the browser says it has no network. The live region is always
 * in the DOM (a screen reader only announces changes to a region it already knows).
 */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  // Chat says it in its own notice area (ChatNotice), which stays on screen in a conversation.
  const isChat = /^\/chat(\/|$)/.test(useLocation().pathname);
  return (
    <div role="status">
      {!isOnline && !isChat && (
        <p className={styles.offline}>
          <OfflineIcon />
          <span>{OFFLINE_BANNER_TEXT}</span>
        </p>
      )}
    </div>
  );
}
