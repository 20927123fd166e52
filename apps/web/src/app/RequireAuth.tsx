import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/useAuth';

export interface RequireAuthProps {
  /** Rendered when signed in; without children the matched child route renders. */
  children?: ReactNode;
}

/** SPEC §6: chat and create-post (and, since issue 13, /notification) go to /login without a token. The page tried is kept in state.from. */
export function RequireAuth({ children }: RequireAuthProps) {
  const { token } = useAuth();
  const location = useLocation();
  if (!token)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children ?? <Outlet />;
}
