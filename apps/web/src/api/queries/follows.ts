import type { FollowResult } from '@glimpse/shared';
import {
  MutationObserver,
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { AuthContextValue } from '../../lib/auth-context';
import { useAuth } from '../../lib/useAuth';
import { http } from '../http';
import { patchAllQueries } from './cache-patch';

/**
 * Follows (SPEC §4 "Follow"). The toggle is optimistic everywhere the user appears: post authors
 * in every feed and detail, profile caches (whatever their key, e.g. userKeys.profile(username)),
 * search results. Any cached object with this user's `id`, a `username` and a follower count is
 * patched, so screens built by other features stay in step without importing their keys here.
 */

export interface FollowTarget {
  userId: string;
  /** Whether the viewer follows them now, before the toggle. */
  isFollowing: boolean;
  /** A private account: following is a request (and the same toggle again cancels it). */
  isPrivate?: boolean;
  /** Whether the viewer's follow request is waiting now, before the toggle. */
  isRequested?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Author and PublicUser carry a follower count; a comment's user or a chat participant does not. */
function isFollowable(node: unknown, userId: string): node is Record<string, unknown> {
  return (
    isRecord(node) && node.id === userId && typeof node.username === 'string' && 'followersCount' in node
  );
}

interface FollowPatch {
  following: boolean;
  /** An absolute count from the server, or a change relative to each cached copy. */
  followersCount: { set: number } | { delta: number };
  /** A follow request of a private account now waits (true) or not (false). */
  requested?: boolean;
}

/** Patches every cached copy of the user `userId` with a follow state. */
export function updateFollowInCaches(queryClient: QueryClient, userId: string, patch: FollowPatch): void {
  patchAllQueries(queryClient, (node) => {
    if (!isFollowable(node, userId)) return node;
    const current = typeof node.followersCount === 'number' ? node.followersCount : 0;
    const count =
      'set' in patch.followersCount
        ? patch.followersCount.set
        : Math.max(0, current + patch.followersCount.delta);
    const next: Record<string, unknown> = {
      ...node,
      isFollowedByUser: patch.following,
      followersCount: count,
    };
    // Full members (PublicUser: they carry `isPrivate`) show a request's state; so does any copy of
    // an account of another server (`user@host`: its follow is a request until that server accepts).
    if (patch.requested !== undefined && ('isPrivate' in node || (node.username as string).includes('@'))) {
      if (patch.requested) next.isFollowRequested = true;
      else delete next.isFollowRequested;
    }
    if (isRecord(node.stats)) next.stats = { ...node.stats, followersCount: count };
    return next;
  });
}

/** Moves the viewer's own following count (auth user and cached own profile) by `delta`. */
function shiftOwnFollowing(queryClient: QueryClient, selfId: string, delta: number): void {
  patchAllQueries(queryClient, (node) => {
    if (!isRecord(node) || node.id !== selfId || !isRecord(node.stats)) return node;
    const stats = node.stats;
    const following = typeof stats.followingCount === 'number' ? stats.followingCount : 0;
    return { ...node, stats: { ...stats, followingCount: Math.max(0, following + delta) } };
  });
}

/** Who follows: the signed-in member, whose own following count moves with each toggle. */
type Follower = Pick<AuthContextValue, 'user' | 'updateUser'>;

/** The toggle, optimistic in every cache, with its rollback (for useMutation or an observer). */
function followMutation(
  queryClient: QueryClient,
  { user, updateUser }: Follower,
): UseMutationOptions<FollowResult, Error, FollowTarget> {
  const selfId = user?.id;

  const shiftSelf = (delta: number) => {
    if (!selfId || !user) return;
    shiftOwnFollowing(queryClient, selfId, delta);
    updateUser({ stats: { ...user.stats, followingCount: Math.max(0, user.stats.followingCount + delta) } });
  };

  /** A request (or its cancel) moves no count: only the request's state flips. */
  const isRequestToggle = ({ isFollowing, isPrivate, isRequested }: FollowTarget) =>
    !isFollowing && Boolean(isPrivate || isRequested);

  return {
    mutationFn: ({ userId }: FollowTarget) =>
      http.post<FollowResult>(`/users/${encodeURIComponent(userId)}/follow`),
    onMutate: (target) => {
      if (isRequestToggle(target)) {
        updateFollowInCaches(queryClient, target.userId, {
          following: false,
          followersCount: { delta: 0 },
          requested: !target.isRequested,
        });
        return;
      }
      const delta = target.isFollowing ? -1 : 1;
      updateFollowInCaches(queryClient, target.userId, {
        following: !target.isFollowing,
        followersCount: { delta },
      });
      shiftSelf(delta);
    },
    onError: (_error, target) => {
      if (isRequestToggle(target)) {
        updateFollowInCaches(queryClient, target.userId, {
          following: false,
          followersCount: { delta: 0 },
          requested: Boolean(target.isRequested),
        });
        return;
      }
      const delta = target.isFollowing ? 1 : -1;
      updateFollowInCaches(queryClient, target.userId, {
        following: target.isFollowing,
        followersCount: { delta },
      });
      shiftSelf(delta);
    },
    onSuccess: (result, target) => {
      updateFollowInCaches(queryClient, target.userId, {
        following: result.following,
        followersCount: { set: result.followersCount },
        requested: result.requested,
      });
      // The guess was a follow but the account had just gone private (or the reverse): put the
      // own following count right.
      const guessed = isRequestToggle(target) ? 0 : target.isFollowing ? -1 : 1;
      const real = result.following === target.isFollowing ? 0 : result.following ? 1 : -1;
      if (real !== guessed) shiftSelf(real - guessed);
    },
  };
}

/**
 * POST /api/users/{id}/follow (a toggle). Callers handle sign-in and auth failures (see
 * features/post/useInteractionGuard); this hook only keeps the caches right, including a rollback.
 */
export function useFollowUserMutation() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  return useMutation(followMutation(queryClient, { user, updateUser }));
}

/**
 * The same toggle outside a render: a feed card's Follow (features/post/usePostActions.ts) loads
 * this module on its first use, so it is not part of a feed's first load.
 */
export function followUser(
  queryClient: QueryClient,
  follower: Follower,
  target: FollowTarget,
  { onSuccess, onError }: { onSuccess?: (result: FollowResult) => void; onError?: (error: Error) => void },
): void {
  new MutationObserver(queryClient, followMutation(queryClient, follower))
    .mutate(target)
    .then(onSuccess, (error: Error) => onError?.(error));
}
