import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { setHydrating } from '../lib/hydration';
import { AppProviders } from './AppProviders';
import { prefetchFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

/** The id of the `<script type="application/json">` holding the server's dehydrated queries. */
export const HANDED_OVER_STATE_ID = 'glimpse-state';

/** The queries the server rendered this page from, if it did (read once, then removed). */
export function readHandedOverState(): DehydratedState | null {
  const element = document.getElementById(HANDED_OVER_STATE_ID);
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Loads the code of the routes the current URL matches and puts it on the route objects, so the
 * router starts ready (no fallback screen) and the first render is the page the server rendered.
 */
export async function loadFirstRoute(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

export interface AppProps {
  /** The server's dehydrated queries when hydrating its HTML (main.tsx). */
  handedOver?: DehydratedState;
}

export function App({ handedOver }: AppProps) {
  // Created once per mount, not per render: both hold state that must survive re-renders.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (handedOver) hydrate(client, handedOver);
    else prefetchFirstScreen(client, window.location);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(appRoutes));
  // The first commit adopted the server's HTML: from here components render for this browser,
  // and every control has its handler (`html[data-live]`: a press before it does nothing).
  useEffect(() => {
    setHydrating(false);
    document.documentElement.dataset.live = '';
  }, []);
  return (
    <AppProviders queryClient={queryClient} hydrating={handedOver !== undefined}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
