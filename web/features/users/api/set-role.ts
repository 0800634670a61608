// PATCH /api/users/:id/role: a manager changes someone's role; the directory (and my own session) refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../contract/common';
import type { TDirectoryUser } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { userQuery } from '../../auth/api/get-user';

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) =>
      api.patch<TDirectoryUser>(`/api/users/${id}/role`, { role }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: userQuery().queryKey }),
      ]);
    },
  });
}
