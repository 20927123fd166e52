import { AUTHENTICATION_REQUIRED } from '@glimpse/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberAfterSignIn, type PendingAction } from '../auth/after-sign-in';
import { isApiError } from '../../api/http';
import { useToast } from '../../components/useToast';
import { useAuth } from '../../lib/useAuth';

export interface InteractionGuard {
  isAuthenticated: boolean;
  /**
   * True when signed in. Otherwise sends the visitor to /login (SPEC §1), first showing
   * `message` as a toast when given (follow says "Authentication required"), and returns false.
   * Sign-in then comes back here (or to `returnTo`) and does `action` once (after-sign-in.ts).
   */
  requireSignIn: (options?: { message?: string; action?: PendingAction; returnTo?: string }) => boolean;
  /**
   * The SPEC §7/§8 rule for like, comment, share and follow failures: 401 or 403 ends the
   * session and goes to /login; anything else is only logged.
   */
  handleError: (error: unknown, action: string) => void;
}

export function useInteractionGuard(): InteractionGuard {
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const here = `${location.pathname}${location.search}`;

  const requireSignIn = useCallback(
    (options: { message?: string; action?: PendingAction; returnTo?: string } = {}) => {
      if (isAuthenticated) return true;
      if (options.message) toast.show(options.message, { type: 'error' });
      const returnTo = options.returnTo ?? here;
      rememberAfterSignIn(returnTo, options.action ?? null);
      void navigate('/login', { state: { from: returnTo } });
      return false;
    },
    [isAuthenticated, navigate, toast, here],
  );

  const handleError = useCallback(
    (error: unknown, action: string) => {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        logout();
        void navigate('/login');
        return;
      }
      console.error(`Failed to ${action}`, error);
    },
    [logout, navigate],
  );

  return { isAuthenticated, requireSignIn, handleError };
}

/** The follow message for visitors, kept beside the guard that shows it. */
export const FOLLOW_SIGN_IN_MESSAGE = AUTHENTICATION_REQUIRED;
