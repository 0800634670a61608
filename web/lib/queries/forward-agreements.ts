// The forward agreements' reads shared by screens: the caller's agreements (by status), one agreement, the
// Futures tab of /financial and a party's record of keeping them (on profiles). Every key is under
// queryRoots.agreements, so a write or an 'agreement' live event refreshes them all through it.
import { queryOptions } from '@tanstack/react-query';
import type { TForwardAgreement, TFulfilmentRecord, TFutures } from '../../../contract/forward-agreements';
import type { AgreementStatus } from '../../../contract/forward-agreements-constants';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * How often an agreement whose deposit is being paid is asked again: the live event says when the wallet answered,
 * but a weak connection may miss it (as the orders' mobile payments do).
 */
const DEPOSIT_POLL_MS = 4_000;

export const agreementsQuery = (status: AgreementStatus | null) =>
  queryOptions({
    queryKey: [...queryRoots.agreements, 'list', status],
    queryFn: ({ signal }) =>
      api
        .get<{ data: TForwardAgreement[] }>(
          status === null ? '/api/forward-agreements' : `/api/forward-agreements?status=${status}`,
          signal,
        )
        .then((answer) => answer.data),
  });

export const agreementQuery = (agreementId: number) =>
  queryOptions({
    queryKey: [...queryRoots.agreements, 'one', agreementId],
    queryFn: ({ signal }) => api.get<TForwardAgreement>(`/api/forward-agreements/${agreementId}`, signal),
    refetchInterval: (query) =>
      query.state.data?.depositPayment?.status === 'pending' ? DEPOSIT_POLL_MS : false,
  });

export const futuresQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.agreements, 'futures'],
    queryFn: ({ signal }) => api.get<TFutures>('/api/financial/futures', signal),
  });

export const agreementRecordQuery = (userId: number) =>
  queryOptions({
    queryKey: [...queryRoots.agreements, 'record', userId],
    queryFn: ({ signal }) => api.get<TFulfilmentRecord>(`/api/users/${userId}/agreement-record`, signal),
  });
