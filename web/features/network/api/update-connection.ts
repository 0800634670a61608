// PATCH /api/connections/:id (accept or decline, by the user asked) and DELETE (either side); the lists refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TConnection, ZConnectionUpdate } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { connectionsQuery } from './get-connections';

type ConnectionStatus = z.input<typeof ZConnectionUpdate>['status'];

export type ConnectionChange = { id: number; action: ConnectionStatus | 'remove' };

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: ConnectionChange): Promise<void> => {
      if (action === 'remove') {
        await api.delete<void>(`/api/connections/${id}`);
      } else {
        await api.patch<TConnection>(`/api/connections/${id}`, {
          status: action,
        } satisfies z.input<typeof ZConnectionUpdate>);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQuery().queryKey }),
  });
}
