import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/Button';
import { UPDATE_TEXT } from '../lib/text';
import styles from './AppLayout.module.css';

/** How often an open app asks the server for a new service worker (a long-lived tab would not). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (from this module, never an inline script: CSP) and, when a new
 * version has been installed and is waiting, offers "Reload to update". The waiting worker takes
 * over only then, so a page never runs code from two versions. Rendered inside UpdatePrompt's
 * live region.
 */
export function UpdateOffer() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className={styles.update}>
      <span>{UPDATE_TEXT.available}</span>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        {UPDATE_TEXT.reload}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {UPDATE_TEXT.dismiss}
      </Button>
    </div>
  );
}
