import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { prefetchFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

export function App() {
  // Created once per mount, not per render: both hold state that must survive re-renders.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchFirstScreen(client, window.location);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
