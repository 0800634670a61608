// GET /api/users?role=delivery: the drivers an order's delivery can be given to.
import { queryOptions } from '@tanstack/react-query';
import { type TDirectoryUser, USERS_PAGE_MAX } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const driversQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.users, 'drivers'],
    queryFn: ({ signal }) =>
      api.get<TDirectoryUser[]>(`/api/users?role=delivery&limit=${USERS_PAGE_MAX}`, signal),
    staleTime: 60_000,
  });
