// PATCH /api/commodities/:id: the owner (or their agent) changes price, quantity or grade, or withdraws the listing,
// through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCommodity, ZCommodityUpdate } from '../../../../contract/marketplace';
import type { Grade } from '../../../../contract/marketplace-constants';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

/** Price per ton and tons as API decimals; grade is sent only when it changed. */
export type CommodityUpdate = z.input<typeof ZCommodityUpdate> & { grade?: Grade };

/** The listing's id and name (for the outbox's label), and what changes. */
export type CommodityChange = { id: number; name: string } & CommodityUpdate;

export function useUpdateCommodity() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: ({ id, name, ...changes }: CommodityChange) =>
      write<TCommodity>({
        method: 'PATCH',
        path: `/api/commodities/${id}`,
        body: changes,
        label: {
          key:
            changes.status === 'withdrawn' ? 'outbox:labels.listingWithdraw' : 'outbox:labels.listingUpdate',
          params: { name },
        },
      }),
    onSettled: settle(() =>
      Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.bids, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}
