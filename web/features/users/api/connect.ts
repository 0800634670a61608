// POST /api/connections: ask another member to connect (the network module answers it), through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZConnectionInput } from '../../../../contract/network';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

export function useConnect() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (user: { id: number; username: string }) =>
      write<unknown>({
        method: 'POST',
        path: '/api/connections',
        body: { userId: user.id } satisfies z.input<typeof ZConnectionInput>,
        label: { key: 'outbox:labels.connectionRequest', params: { user: user.username } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: queryRoots.connections })),
  });
}
