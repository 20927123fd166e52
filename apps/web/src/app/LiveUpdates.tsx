import { lazy, Suspense } from 'react';
import { useUnreadCountsQuery } from '../api/queries/unread-counts';
import { loadWhenOnline } from '../lib/useOnlineStatus';
import { useAuth } from '../lib/useAuth';
import { useDocumentTitleCount } from '../lib/useDocumentTitle';
import { usePageLoaded } from '../lib/usePageLoaded';

// Socket.IO, the chat cache and the chat store are a chunk of their own: a visitor never loads
// them, and a member's first paint does not wait for them.
const LiveSocket = lazy(() =>
  loadWhenOnline(() => import('./LiveSocket')).then((m) => ({ default: m.LiveSocket })),
);

/** The socket waits for the page's load and an idle moment, at most this long (lib/usePageLoaded.ts). */
const LIVE_SOCKET_MAX_WAIT_MS = 3000;

/**
 * The app-wide real-time layer, mounted once in the layout: puts the unread total in front of the
 * tab's title and, while someone is signed in, holds the one socket (see LiveSocket).
 */
export function LiveUpdates() {
  const { isAuthenticated } = useAuth();
  const { data } = useUnreadCountsQuery({ enabled: isAuthenticated });
  const total = isAuthenticated && data ? data.notifications + data.messages : 0;
  useDocumentTitleCount(total);
  const loaded = usePageLoaded(LIVE_SOCKET_MAX_WAIT_MS);

  if (!isAuthenticated || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <LiveSocket />
    </Suspense>
  );
}
