// GET /api/user: the signed-in user, or null when the server answers 401.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '../../../../contract/auth';
import { ApiError, api } from '../../../lib/api-client';

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<TUser>('/api/user', signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          return null;
        }
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useUser = () => useQuery(userQuery());
