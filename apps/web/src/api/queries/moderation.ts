import {
  MODERATION_PAGE_SIZE,
  type AuditLog,
  type BlockResult,
  type BlockedUsers,
  type FederationDomainBody,
  type FederationDomainList,
  type FederationDomainResponse,
  type MessageAnswer,
  type ModeratedUserAnswer,
  type ModeratedUserResponse,
  type ReportBody,
  type ReportQueue,
  type ReportResponse,
  type ReportStatus,
  type ResolveReportBody,
  type ResolveReportResponse,
  type RolesBody,
  type SuspendBody,
} from '@glimpse/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http';
import { nextPageParam, type FeedPageParam } from './posts';

/**
 * Moderation and safety (issue 14): reports, the queue, suspensions, roles, the audit log and
 * blocks. A block or a removal changes what many lists show, so those mutations invalidate every
 * post and user query rather than patching copies.
 */

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => [...moderationKeys.all, 'reports', status] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
  domains: () => [...moderationKeys.all, 'federation-domains'] as const,
  blocked: () => ['users', 'me', 'blocked'] as const,
};

/** The queue is worked by several moderators at once: always refetch on arrival. */
export const QUEUE_STALE_TIME_MS = 0;

export function useReportMutation() {
  return useMutation({
    mutationFn: (body: ReportBody) => http.post<ReportResponse>('/reports', body),
  });
}

const FIRST_PAGE: FeedPageParam = { page: 1 };

/** The queue a page at a time (open: oldest first; resolved: newest first), by cursor after page 1. */
export function useReportsQuery(status: ReportStatus, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      http.get<ReportQueue>('/moderation/reports', {
        query: {
          status,
          limit: MODERATION_PAGE_SIZE,
          ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }),
        },
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _all, lastParam) => nextPageParam(last, lastParam),
    staleTime: QUEUE_STALE_TIME_MS,
    enabled,
  });
}

/** Everything a moderation action can change: the queue, feeds, details, profiles, search. */
function useInvalidateAfterModeration() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useResolveReportMutation() {
  const invalidate = useInvalidateAfterModeration();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveReportBody & { id: string }) =>
      http.post<ResolveReportResponse>(`/moderation/reports/${id}/resolve`, body),
    onSuccess: invalidate,
  });
}

export function useSuspendMutation() {
  const invalidate = useInvalidateAfterModeration();
  return useMutation({
    mutationFn: ({ userId, ...body }: SuspendBody & { userId: string }) =>
      http.post<ModeratedUserResponse>(`/moderation/users/${userId}/suspend`, body),
    onSuccess: invalidate,
  });
}

export function useUnsuspendMutation() {
  const invalidate = useInvalidateAfterModeration();
  return useMutation({
    mutationFn: (userId: string) => http.post<ModeratedUserResponse>(`/moderation/users/${userId}/unsuspend`),
    onSuccess: invalidate,
  });
}

export function useRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: RolesBody & { userId: string }) =>
      http.put<ModeratedUserResponse>(`/admin/users/${userId}/roles`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.audit() }),
  });
}

export function useAuditQuery(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.audit(),
    queryFn: ({ signal }) => http.get<AuditLog>('/admin/audit', { query: { limit: 50 }, signal }),
    enabled,
  });
}

export function useBlockedUsersQuery(enabled = true) {
  return useQuery({
    queryKey: moderationKeys.blocked(),
    queryFn: ({ signal }) => http.get<BlockedUsers>('/users/me/blocked', { signal }),
    enabled,
  });
}

/** Block or unblock; every list may change (their posts and comments come and go), so refetch all. */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block
        ? http.post<BlockResult>(`/users/${userId}/block`)
        : http.delete<BlockResult>(`/users/${userId}/block`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId }: { postId: string; commentId: string }) =>
      http.delete<MessageAnswer>(`/posts/${postId}/comments/${commentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}

/** The roles screen's lookup; `null` username means nothing to look up yet. */
export function useAdminUserQuery(username: string | null) {
  return useQuery({
    queryKey: [...moderationKeys.all, 'user', username?.toLowerCase()] as const,
    queryFn: ({ signal }) => http.get<ModeratedUserAnswer>('/admin/users', { query: { username }, signal }),
    enabled: username !== null,
    retry: false,
  });
}

/** The admins' policies for other servers (federation). */
export function useFederationDomainsQuery(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.domains(),
    queryFn: ({ signal }) => http.get<FederationDomainList>('/admin/federation/domains', { signal }),
    enabled,
  });
}

/** Sets (or lifts, `level: null`) a domain's policy; posts, people and the audit log may change. */
export function useFederationDomainMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ domain, level }: { domain: string; level: FederationDomainBody['level'] | null }) =>
      level
        ? http.put<FederationDomainResponse>(`/admin/federation/domains/${encodeURIComponent(domain)}`, {
            level,
          })
        : http.delete<FederationDomainResponse>(`/admin/federation/domains/${encodeURIComponent(domain)}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
