import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ToastProvider';
import { AuthProvider } from '../features/auth/AuthProvider';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen may rely on, outside the router (tests wrap a memory router in the same). */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
