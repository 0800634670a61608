// PATCH /api/commodities/:id: the owner (or their agent) changes price, quantity or grade, or withdraws the listing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Grade, TCommodity, ZCommodityUpdate } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Price per ton and tons as API decimals; grade is sent only when it changed. */
export type CommodityUpdate = z.input<typeof ZCommodityUpdate> & { grade?: Grade };

export function useUpdateCommodity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number } & CommodityUpdate) =>
      api.patch<TCommodity>(`/api/commodities/${id}`, changes),
    onSettled: async () => {
      await Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.bids, queryRoots.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
