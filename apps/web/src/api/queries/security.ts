import type {
  FollowRequestAnswer,
  FollowRequests,
  MessageAnswer,
  PasswordResetBody,
  PasswordResetConfirmBody,
  PublicConfig,
  RecoveryCodes,
  RevokeOthersAnswer,
  SessionList,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorSetup,
} from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/useAuth';
import { http } from '../http';

/**
 * Account safety: signed-in devices, two-factor sign-in, password reset by email and the follow
 * requests of a private account (issue 33). Pages call these hooks; none of them fetches itself.
 */

export const securityKeys = {
  all: ['security'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  followRequests: () => [...securityKeys.all, 'follow-requests'] as const,
  config: () => ['config'] as const,
};

/** Public settings change only with a restart: read once per page load. */
const CONFIG_STALE_TIME_MS = Infinity;

/** GET /api/config: whether this server can mail reset links (SMTP), among other public settings. */
export function usePublicConfigQuery() {
  return useQuery({
    queryKey: securityKeys.config(),
    queryFn: ({ signal }) => http.get<PublicConfig>('/config', { signal }),
    staleTime: CONFIG_STALE_TIME_MS,
  });
}

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationKey: [...securityKeys.all, 'reset-request'],
    mutationFn: (input: PasswordResetBody) =>
      http.post<MessageAnswer>('/auth/password-reset', input, { token: null }),
  });
}

export function useConfirmPasswordResetMutation() {
  return useMutation({
    mutationKey: [...securityKeys.all, 'reset-confirm'],
    mutationFn: (input: PasswordResetConfirmBody) =>
      http.post<MessageAnswer>('/auth/password-reset/confirm', input, { token: null }),
  });
}

export function useSessionsQuery() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => http.get<SessionList>('/auth/sessions', { signal }),
  });
}

export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      http.delete<MessageAnswer>(`/auth/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: (_answer, sessionId) =>
      queryClient.setQueryData<SessionList>(securityKeys.sessions(), (list) =>
        list ? { sessions: list.sessions.filter((s) => s.id !== sessionId) } : list,
      ),
  });
}

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<RevokeOthersAnswer>('/auth/sessions/revoke-others'),
    onSuccess: () =>
      queryClient.setQueryData<SessionList>(securityKeys.sessions(), (list) =>
        list ? { sessions: list.sessions.filter((s) => s.current) } : list,
      ),
  });
}

/** After turning two-factor on or off, the member's own copy says so (Settings → Security reads it). */
function useSetTwoFactorFlag() {
  const { user, updateUser } = useAuth();
  return (twoFactorEnabled: boolean) => {
    if (user) updateUser({ security: { twoFactorEnabled } });
  };
}

export function useTwoFactorSetupMutation() {
  return useMutation({ mutationFn: () => http.post<TwoFactorSetup>('/auth/2fa/setup') });
}

export function useTwoFactorEnableMutation() {
  const setFlag = useSetTwoFactorFlag();
  return useMutation({
    mutationFn: (input: TwoFactorEnableBody) => http.post<RecoveryCodes>('/auth/2fa/enable', input),
    onSuccess: () => setFlag(true),
  });
}

export function useTwoFactorDisableMutation() {
  const setFlag = useSetTwoFactorFlag();
  return useMutation({
    mutationFn: (input: TwoFactorDisableBody) => http.post<MessageAnswer>('/auth/2fa/disable', input),
    onSuccess: () => setFlag(false),
  });
}

export function useFollowRequestsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: securityKeys.followRequests(),
    queryFn: ({ signal }) => http.get<FollowRequests>('/users/me/follow-requests', { signal }),
    enabled,
  });
}

export interface FollowRequestAction {
  userId: string;
  accept: boolean;
}

/** Accept or decline; the request leaves the list at once, and the own followers count follows the answer. */
export function useAnswerFollowRequestMutation() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  return useMutation({
    mutationFn: ({ userId, accept }: FollowRequestAction) =>
      http.post<FollowRequestAnswer>(
        `/users/me/follow-requests/${encodeURIComponent(userId)}/${accept ? 'accept' : 'decline'}`,
      ),
    onSuccess: (answer, { userId }) => {
      queryClient.setQueryData<FollowRequests>(securityKeys.followRequests(), (list) =>
        list ? { requests: list.requests.filter((r) => r.user.id !== userId) } : list,
      );
      if (user) {
        updateUser({
          followersCount: answer.followersCount,
          stats: { ...user.stats, followersCount: answer.followersCount },
        });
      }
      // The bell's list held the request: it is gone there too.
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
