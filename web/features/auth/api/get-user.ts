// GET /api/user: the signed-in user, or null when the server answers 401.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '../../../../contract/auth';
import { ApiError, api } from '../../../lib/api-client';
import { rememberSignedIn } from '../../../lib/session-hint';

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: async ({ signal }) => {
      try {
        const user = await api.get<TUser>('/api/user', signal);
        rememberSignedIn(true);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          rememberSignedIn(false);
          return null;
        }
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useUser = () => useQuery(userQuery());
