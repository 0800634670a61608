// POST /api/commodities: a farmer lists a commodity (or an agent, for a farmer they represent), through the
// outbox; once the server has it, the list and the market are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCommodity, TCommodityInput } from '../../../../contract/marketplace';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';
import { priceLabel, tonsLabel } from '../format';

export function useCreateCommodity() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: TCommodityInput) =>
      write<TCommodity>({
        method: 'POST',
        path: '/api/commodities',
        body: input,
        label: {
          key: 'outbox:labels.listingCreate',
          params: {
            name: input.name,
            quantity: tonsLabel(input.quantity, i18n.language),
            price: priceLabel(input.price, i18n.language),
          },
        },
      }),
    onSuccess: settle(() =>
      Promise.all(
        [queryRoots.commodities, queryRoots.market, queryRoots.commodityRequests, queryRoots.dashboard].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    ),
  });
}
