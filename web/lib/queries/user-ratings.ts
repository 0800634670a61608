// GET /api/users/:id/ratings: a user's average, count, order record and the latest ratings they received.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserRatings } from '../../../contract/ratings';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const userRatingsQuery = (userId: number) =>
  queryOptions({
    queryKey: [...queryRoots.ratings, 'user', userId],
    queryFn: ({ signal }) => api.get<TUserRatings>(`/api/users/${userId}/ratings`, signal),
  });

export const useUserRatings = (userId: number, enabled = true) =>
  useQuery({ ...userRatingsQuery(userId), enabled });
