// POST /api/connections: ask another member to connect (the network module answers it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZConnectionInput } from '../../../../contract/network';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export function useConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<unknown>('/api/connections', { userId } satisfies z.input<typeof ZConnectionInput>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.connections }),
  });
}
