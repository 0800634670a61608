// PATCH /api/connections/:id (accept or decline, by the user asked) and DELETE (either side), through the outbox;
// the lists refetch once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZConnectionUpdate } from '../../../../contract/network';
import type { OutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { connectionsQuery } from '../../../lib/queries/connections';

type ConnectionStatus = z.input<typeof ZConnectionUpdate>['status'];

export type ConnectionChange = { id: number; action: ConnectionStatus | 'remove' };

function connectionWrite({ id, action }: ConnectionChange): OutboxWrite {
  const path = `/api/connections/${id}`;
  if (action === 'remove') {
    return { method: 'DELETE', path, label: { key: 'outbox:labels.connectionRemove', params: {} } };
  }
  return {
    method: 'PATCH',
    path,
    body: { status: action } satisfies z.input<typeof ZConnectionUpdate>,
    label: { key: 'outbox:labels.connectionAnswer', params: {} },
  };
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (change: ConnectionChange) => write<unknown>(connectionWrite(change)),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: connectionsQuery().queryKey })),
  });
}
