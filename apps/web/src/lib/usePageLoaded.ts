import { useEffect, useState } from 'react';
import { afterPageLoad } from './idle';

/** Once true, stays true: later mounts (a sign-in, a new layout) do not wait again. */
let pageLoaded = false;

/**
 * True once the page has loaded and the browser is idle (lib/idle.ts afterPageLoad), at most
 * `maxWaitMs` after the first mount. For code the first screen can do without (the socket, the
 * service worker's registration): on a slow phone its chunk, evaluation and first requests then
 * stay off the main thread while the first screen renders and paints its first photo.
 */
export function usePageLoaded(maxWaitMs: number): boolean {
  const [loaded, setLoaded] = useState(pageLoaded);
  useEffect(() => {
    if (loaded) return;
    return afterPageLoad(() => {
      pageLoaded = true;
      setLoaded(true);
    }, maxWaitMs);
  }, [loaded, maxWaitMs]);
  return loaded;
}
