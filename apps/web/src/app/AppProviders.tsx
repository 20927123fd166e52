import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../features/auth/AuthProvider';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /**
   * The page was rendered on the server for a visitor (entry-server.tsx) and is being hydrated:
   * the first render must be the visitor's too; a stored session is restored right after.
   */
  hydrating?: boolean;
}

/** Everything a screen may rely on, outside the router (tests wrap a memory router in the same). */
export function AppProviders({ queryClient, children, hydrating = false }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider hydrating={hydrating}>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
