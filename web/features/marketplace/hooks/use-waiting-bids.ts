// Bids this buyer placed that are still on the phone, for "My bids" and "Your Active Bids" to show as waiting.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TBidInput } from '../../../../contract/marketplace';
import type { OutboxItem } from '../../../lib/outbox/outbox-item';
import { useWaitingWrites } from '../../../lib/outbox/use-waiting-writes';
import { queryRoots } from '../../../lib/query-keys';

export interface WaitingBid {
  /** The outbox item's id. */
  id: string;
  commodityId: number;
  name: string;
  price: number;
  quantity: number;
}

function toWaitingBid(item: OutboxItem): WaitingBid {
  const body = item.body as TBidInput;
  return {
    id: item.id,
    commodityId: body.commodityId,
    name: String(item.label.params.name ?? ''),
    price: Number(body.price),
    quantity: Number(body.quantity),
  };
}

/** `userId` null (not a buyer) shows none. Once one lands, the bids and markets refetch to show the real one. */
export function useWaitingBids(userId: number | null): WaitingBid[] {
  const queryClient = useQueryClient();
  const items = useWaitingWrites(userId, { method: 'POST', path: '/api/bids' }, () => {
    for (const queryKey of [queryRoots.bids, queryRoots.market, queryRoots.commodities]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
  return useMemo(() => items.map(toWaitingBid), [items]);
}
