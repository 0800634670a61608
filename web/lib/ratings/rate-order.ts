// PUT /api/orders/:id/rating: gives or changes the caller's rating of the other side (through the outbox); the
// success toast is raised here, so it is heard even when the card that asked is gone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRating } from '../../../contract/ratings';
import { useOutboxWrite } from '../outbox/use-outbox-write';
import { queryRoots } from '../query-keys';
import { toast } from '../toast-store';

export function useRateOrder(orderId: number) {
  const { t } = useTranslation('ratings');
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (input: { score: number; note: string }) =>
      write<TRating>({
        method: 'PUT',
        path: `/api/orders/${orderId}/rating`,
        body: input,
        label: { key: 'outbox:labels.ratingSave', params: { orderId, score: input.score } },
      }),
    onSuccess: settle(() => {
      toast({ title: t('order.saved') });
      return Promise.all(
        [queryRoots.ratings, queryRoots.commodities, queryRoots.bids].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    }),
  });
}
