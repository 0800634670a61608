// GET /api/users: the directory, one page at a time (X-Next-Cursor), with the match count (X-Total-Count).
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Role } from '../../../../contract/constants';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../../../contract/constants';
import type { TDirectoryUser } from '../../../../contract/users';
import { ApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface UsersFilter {
  search: string;
  role: Role | '';
}

export interface UsersPage {
  users: TDirectoryUser[];
  total: number;
  nextCursor: string | null;
}

async function fetchUsersPage(filter: UsersFilter, cursor: string | null, signal: AbortSignal) {
  const params = new URLSearchParams();
  if (filter.search.trim()) {
    params.set('search', filter.search.trim());
  }
  if (filter.role) {
    params.set('role', filter.role);
  }
  if (cursor) {
    params.set('cursor', cursor);
  }
  const query = params.toString();
  const res = await fetch(`/api/users${query ? `?${query}` : ''}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal,
  });
  if (!res.ok) {
    // Spec §8: the failure is 'Failed to fetch users'; the page shows its own text for it.
    throw new ApiError(res.status, 'Failed to fetch users');
  }
  return {
    users: (await res.json()) as TDirectoryUser[],
    total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? 0),
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
  } satisfies UsersPage;
}

export const usersQuery = (filter: UsersFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.users, 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchUsersPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search loads, the previous results stay on screen.
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UsersFilter) => useInfiniteQuery(usersQuery(filter));
