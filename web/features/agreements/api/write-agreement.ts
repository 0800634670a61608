// The forward agreements' writes. Each goes through the outbox (kept on the phone with its key before the screen
// confirms it, replayed in order), as the orders' steps do, except paying the deposit: a wallet prompt replayed
// hours later would surprise the payer, so it is sent at once, as the orders' "Pay with MTN MoMo" is. An answered
// write refreshes every agreement read (and the orders, which a delivery makes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAgreementDecision,
  TForwardAgreement,
  ZAgreementDepositInput,
  ZAgreementDisputeInput,
  ZAgreementPlanInput,
  ZAgreementResolveInput,
} from '../../../../contract/forward-agreements';
import { api } from '../../../lib/api-client';
import type { OutboxLabel } from '../../../lib/outbox/outbox-item';
import { type OutboxWrite, useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { agreementQuery } from '../../../lib/queries/forward-agreements';
import { queryRoots } from '../../../lib/query-keys';
import type { apiTerms } from '../terms-form';

type AgreementLabel =
  | 'agreementPropose'
  | 'agreementAccept'
  | 'agreementDecline'
  | 'agreementCounter'
  | 'agreementWithdraw'
  | 'agreementDeliver'
  | 'agreementPlan'
  | 'agreementDispute'
  | 'agreementResolve';

const label = (name: AgreementLabel, params: OutboxLabel['params']): OutboxLabel => ({
  key: `outbox:labels.${name}`,
  params,
});

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [queryRoots.agreements, queryRoots.orders].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

function useAgreementWrite<TVariables, TResult>(toWrite: (variables: TVariables) => OutboxWrite) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: (variables: TVariables) => write<TResult>(toWrite(variables)),
    onSuccess: settle(() => refresh(queryClient)),
  });
}

export type ProposalBody = ReturnType<typeof apiTerms> & { sellerId?: number; groupId?: number };

/** A buyer's proposal; the label names the seller (or co-operative) as the form shows them. */
export const usePropose = () =>
  useAgreementWrite<{ body: ProposalBody; seller: string }, TForwardAgreement>(({ body, seller }) => ({
    method: 'POST',
    path: '/api/forward-agreements',
    body,
    label: label('agreementPropose', { quantity: body.quantity, seller }),
  }));

const DECISION_LABELS = {
  accept: 'agreementAccept',
  decline: 'agreementDecline',
  counter: 'agreementCounter',
} as const;

export const useDecide = (agreementId: number) =>
  useAgreementWrite<TAgreementDecision, TForwardAgreement>((decision) => ({
    method: 'POST',
    path: `/api/forward-agreements/${agreementId}/decision`,
    body: decision,
    label: label(DECISION_LABELS[decision.decision], { number: agreementId }),
  }));

export const useWithdraw = (agreementId: number) =>
  useAgreementWrite<void, TForwardAgreement>(() => ({
    method: 'POST',
    path: `/api/forward-agreements/${agreementId}/withdraw`,
    body: {},
    label: label('agreementWithdraw', { number: agreementId }),
  }));

export const useDeliver = (agreementId: number) =>
  useAgreementWrite<{ quantity: number; lotId?: number }, { agreement: TForwardAgreement; orderId: number }>(
    (body) => ({
      method: 'POST',
      path: `/api/forward-agreements/${agreementId}/orders`,
      body,
      label: label('agreementDeliver', { number: agreementId, quantity: body.quantity }),
    }),
  );

export const useLinkPlan = (agreementId: number) =>
  useAgreementWrite<z.input<typeof ZAgreementPlanInput>, TForwardAgreement>((body) => ({
    method: 'PUT',
    path: `/api/forward-agreements/${agreementId}/plan`,
    body,
    label: label('agreementPlan', { number: agreementId }),
  }));

export const useDispute = (agreementId: number) =>
  useAgreementWrite<z.input<typeof ZAgreementDisputeInput>, TForwardAgreement>((body) => ({
    method: 'POST',
    path: `/api/forward-agreements/${agreementId}/dispute`,
    body,
    label: label('agreementDispute', { number: agreementId }),
  }));

export const useResolve = (agreementId: number) =>
  useAgreementWrite<z.input<typeof ZAgreementResolveInput>, TForwardAgreement>((body) => ({
    method: 'POST',
    path: `/api/forward-agreements/${agreementId}/resolve`,
    body,
    label: label('agreementResolve', { number: agreementId }),
  }));

/** One key per request asked, so a retried request never prompts the wallet twice (crypto.randomUUID needs HTTPS). */
const idempotencyKey = () => `deposit-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The buyer pays the deposit (and any advance) from a mobile wallet: sent at once, never queued. */
export function usePayDeposit(agreementId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof ZAgreementDepositInput>) =>
      api.post<TForwardAgreement>(`/api/forward-agreements/${agreementId}/deposit`, input, idempotencyKey()),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQuery(agreementId).queryKey, agreement);
      return refresh(queryClient);
    },
  });
}
