import { USERS_LIST_LIMIT, type PublicUser } from '@glimpse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../http';
import { USERS_LIST_TEXT } from '../../lib/text';

/**
 * GET /api/users (SPEC §7): the people a member can start a conversation with. A bare JSON array;
 * anything else is an error with one of the spec's user-list texts (SPEC §8).
 */

export const usersListKeys = {
  all: ['users-list'] as const,
  list: (search: string) => [...usersListKeys.all, { search }] as const,
};

/** People rarely change while the dialog is open; a minute spares a request per reopening. */
export const USERS_LIST_STALE_TIME_MS = 60_000;

/** A failure of the user list, its `message` being the spec's text. */
export class UsersListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsersListError';
  }
}

export async function fetchUsersList(search: string, signal?: AbortSignal): Promise<PublicUser[]> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>('/users', {
      query: { search: search.trim() || undefined, limit: USERS_LIST_LIMIT },
      signal,
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 401) throw new UsersListError(USERS_LIST_TEXT.authRequired);
    if (error.code === 'NON_JSON') throw new UsersListError(USERS_LIST_TEXT.nonJson);
    throw new UsersListError(USERS_LIST_TEXT.httpStatus(error.status));
  }
  if (!Array.isArray(body)) throw new UsersListError(USERS_LIST_TEXT.invalidFormat);
  return body as PublicUser[];
}

/** The list for a (debounced) search text; the previous list stays on screen while the next loads. */
export function useUsersListQuery(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  const term = search.trim();
  return useQuery({
    queryKey: usersListKeys.list(term),
    queryFn: ({ signal }) => fetchUsersList(term, signal),
    staleTime: USERS_LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}
