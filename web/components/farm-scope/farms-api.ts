// POST /api/farms (through the outbox): a new farm, from the farm scope of the farm and finance screens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFarm, TFarmInput } from '../../../contract/farms';
import { useOutboxWrite } from '../../lib/outbox/use-outbox-write';
import { farmsQuery } from '../../lib/queries/farms';

export function useCreateFarm() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TFarmInput) =>
      write<TFarm>({
        method: 'POST',
        path: '/api/farms',
        body: input,
        // The outbox has no label of its own for a new farm yet.
        label: { key: 'outbox:labels.farmCreate', params: { name: input.name } },
      }),
    onSuccess: settle(() => queryClient.invalidateQueries({ queryKey: farmsQuery().queryKey })),
  });
}
