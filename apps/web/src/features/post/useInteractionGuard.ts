import { MSG } from '@glimpse/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/http';
import { useToast } from '../../components/useToast';
import { useAuth } from '../../lib/useAuth';

export interface InteractionGuard {
  isAuthenticated: boolean;
  /**
   * True when signed in. Otherwise sends the visitor to /login (SPEC §1), first showing
   * `message` as a toast when given (follow says "Authentication required"), and returns false.
   */
  requireSignIn: (options?: { message?: string }) => boolean;
  /**
   * The SPEC §7/§8 rule for like, comment, share and follow failures: 401 or 403 ends the
   * session and goes to /login; anything else is only logged.
   */
  handleError: (error: unknown, action: string) => void;
}

export function useInteractionGuard(): InteractionGuard {
  const { isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();

  const requireSignIn = useCallback(
    (options: { message?: string } = {}) => {
      if (isAuthenticated) return true;
      if (options.message) toast.show(options.message, { type: 'error' });
      void navigate('/login');
      return false;
    },
    [isAuthenticated, navigate, toast],
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
export const FOLLOW_SIGN_IN_MESSAGE = MSG.authenticationRequired;
