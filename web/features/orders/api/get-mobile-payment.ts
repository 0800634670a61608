// GET /api/mobile-payments/:id: one payment asked of a wallet. While it is pending it is asked again every few
// seconds: the order's live event says when it changes, but a weak connection may miss it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMobilePayment } from '../../../../contract/payments';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How often a pending payment is asked about. */
export const MOBILE_PAYMENT_POLL_MS = 4_000;

export const mobilePaymentQuery = (paymentId: number) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'mobile-payment', paymentId],
    queryFn: ({ signal }) => api.get<TMobilePayment>(`/api/mobile-payments/${paymentId}`, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? MOBILE_PAYMENT_POLL_MS : false),
  });

/** The payment as last seen, starting from the order's copy of it. */
export const useMobilePayment = (payment: TMobilePayment) =>
  useQuery({ ...mobilePaymentQuery(payment.id), initialData: payment, initialDataUpdatedAt: 0 });
