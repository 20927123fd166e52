import { lazy, Suspense, useEffect, useState } from 'react';
import { useUnreadCountsQuery } from '../api/queries/notifications';
import { afterPageLoad } from '../lib/idle';
import { loadWhenOnline } from '../lib/useOnlineStatus';
import { useAuth } from '../lib/useAuth';
import { useDocumentTitleCount } from '../lib/useDocumentTitle';

// Socket.IO, the chat cache and the chat store are a chunk of their own: a visitor never loads
// them, and a member's first paint does not wait for them.
const LiveSocket = lazy(() =>
  loadWhenOnline(() => import('./LiveSocket')).then((m) => ({ default: m.LiveSocket })),
);

/** The socket waits for the page's load and an idle moment, at most this long (see usePageLoaded). */
const LIVE_SOCKET_MAX_WAIT_MS = 3000;

/** Once true, stays true: later mounts (a sign-in, a new layout) connect at once. */
let pageLoaded = false;

/**
 * True once the page has loaded and the browser is idle (lib/idle.ts afterPageLoad). The socket's
 * chunk, its connection and its first events then stay off the main thread while a phone renders
 * the first screen and paints its first photo; /chat opens the same socket itself, at once.
 */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(pageLoaded);
  useEffect(() => {
    if (loaded) return;
    return afterPageLoad(() => {
      pageLoaded = true;
      setLoaded(true);
    }, LIVE_SOCKET_MAX_WAIT_MS);
  }, [loaded]);
  return loaded;
}

/**
 * The app-wide real-time layer, mounted once in the layout: puts the unread total in front of the
 * tab's title and, while someone is signed in, holds the one socket (see LiveSocket).
 */
export function LiveUpdates() {
  const { isAuthenticated } = useAuth();
  const { data } = useUnreadCountsQuery({ enabled: isAuthenticated });
  const total = isAuthenticated && data ? data.notifications + data.messages : 0;
  useDocumentTitleCount(total);
  const loaded = usePageLoaded();

  if (!isAuthenticated || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <LiveSocket />
    </Suspense>
  );
}
