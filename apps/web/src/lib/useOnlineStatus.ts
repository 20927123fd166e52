import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's idea of connectivity (navigator.onLine, kept by the online/offline events). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** True when the browser knows it has no network: a request would only wait or fail. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Runs `load` once the browser is online, and again at the next `online` event after a failure:
 * the promise never rejects. For code the app can do without for a while (the socket): a member
 * who goes offline before it arrives keeps the page, not an error screen.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    const attempt = () => {
      if (isOffline()) window.addEventListener('online', attempt, { once: true });
      else load().then(resolve, () => window.addEventListener('online', attempt, { once: true }));
    };
    attempt();
  });
}
