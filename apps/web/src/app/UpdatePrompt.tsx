import { lazy, Suspense } from 'react';
import { usePageLoaded } from '../lib/usePageLoaded';

// The service worker's registration (Workbox's window module) is a chunk of its own, asked for
// once the first screen is in: nothing on the first paint's path waits for it. A chunk that
// cannot load (offline before it was ever cached) only means no update offer this time.
const UpdateOffer = lazy(() =>
  import('./UpdateOffer').then(
    (m) => ({ default: m.UpdateOffer }),
    () => ({ default: () => null }),
  ),
);

/** The service worker registers after the page's load and an idle moment, at most this long. */
const REGISTER_MAX_WAIT_MS = 5000;

/**
 * The live region where "Reload to update" appears when a new version of the app is waiting
 * (UpdateOffer). The region is there from the first render, so the offer is announced.
 */
export function UpdatePrompt() {
  const loaded = usePageLoaded(REGISTER_MAX_WAIT_MS);
  return (
    <div role="status">
      {loaded && (
        <Suspense fallback={null}>
          <UpdateOffer />
        </Suspense>
      )}
    </div>
  );
}
