// PATCH /api/users/:id/role: a manager changes someone's role; the directory (and my own session) refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TDirectoryUser, ZRoleUpdate } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { userQuery } from '../../../lib/session';

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: number } & z.input<typeof ZRoleUpdate>) =>
      api.patch<TDirectoryUser>(`/api/users/${id}/role`, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.users }),
        queryClient.invalidateQueries({ queryKey: userQuery().queryKey }),
      ]);
    },
  });
}
