// The co-operative screens' writes, each through the outbox (kept on the phone with its key before the screen
// confirms it, replayed in order): intakes and their corrections, input credit, settlements and their payouts, a
// bulk lot's listing, broadcasts. An answered one refreshes the group's reads (and the stock and marketplace reads
// an intake or a listing changes); a broadcast's preview is a read and goes straight to the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  TIntake,
  TIntakeInput,
  TSettlement,
  TSettlementInput,
  ZBroadcastResult,
} from '../../../../contract/groups';
import type { TCommodity } from '../../../../contract/marketplace';
import { api } from '../../../lib/api-client';
import { formatMoney, formatTons } from '../../../lib/format';
import { type OutboxWrite, useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { coopKey, type TCoopCredit } from '../../../lib/queries/coop';
import { queryRoots } from '../../../lib/query-keys';
import { coopMoney, kgOf } from '../format';
import { type IntakeNames, intakeWrite, reversalWrite } from '../intake-write';

export type TBroadcastResult = z.infer<typeof ZBroadcastResult>;
export interface BroadcastMessage {
  en?: string;
  fr?: string;
  crop?: string;
}

/** What else a write changes: an intake or a listing moves stock, a listing the market. */
type Touches = 'stock' | 'market';

function useCoopWrite<TVariables, TResult>(
  groupId: number,
  toWrite: (variables: TVariables, language: string) => OutboxWrite,
  touches: readonly Touches[] = [],
) {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  const { i18n } = useTranslation();
  const roots = [
    coopKey(groupId),
    ...(touches.includes('stock') ? [queryRoots.stock] : []),
    ...(touches.includes('market') ? [queryRoots.commodities, queryRoots.market] : []),
  ];
  return useMutation({
    mutationFn: (variables: TVariables) => write<TResult>(toWrite(variables, i18n.language)),
    onSuccess: settle(() =>
      Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    ),
  });
}

export const useRecordIntake = (groupId: number, names: (input: TIntakeInput) => IntakeNames) =>
  useCoopWrite<TIntakeInput, TIntake>(
    groupId,
    (input, language) => intakeWrite(groupId, input, names(input), (tons) => kgOf(tons, language)),
    ['stock'],
  );

export const useReverseIntake = (groupId: number) =>
  useCoopWrite<{ intake: TIntake; reason: string }, TIntake>(
    groupId,
    ({ intake, reason }) => reversalWrite(groupId, intake, reason),
    ['stock'],
  );

export const useAddCredit = (groupId: number, memberName: (id: number) => string) =>
  useCoopWrite<{ memberId: number; amount: number; note: string; date?: string }, TCoopCredit>(
    groupId,
    (input, language) => ({
      method: 'POST',
      path: `/api/groups/${groupId}/credits`,
      body: input,
      label: {
        key: 'outbox:labels.coopCredit',
        params: { member: memberName(input.memberId), amount: coopMoney(input.amount, language) },
      },
    }),
  );

export const useCreateSettlement = (groupId: number) =>
  useCoopWrite<TSettlementInput, TSettlement>(groupId, (input) => ({
    method: 'POST',
    path: `/api/groups/${groupId}/settlements`,
    body: input,
    label: { key: 'outbox:labels.settlementCreate', params: {} },
  }));

/** Approve, retry a failed payout, or record one paid in cash: each keyed once, so no member is paid twice. */
export type SettlementAction =
  | { kind: 'approve' }
  | { kind: 'retry'; memberId: number; member: string }
  | { kind: 'cash'; memberId: number; member: string; reference: string };

export const useSettlementAction = (groupId: number, settlementId: number) =>
  useCoopWrite<SettlementAction, TSettlement>(groupId, (action): OutboxWrite => {
    const path = `/api/groups/${groupId}/settlements/${settlementId}`;
    if (action.kind === 'approve') {
      return {
        method: 'POST',
        path: `${path}/approve`,
        label: { key: 'outbox:labels.settlementApprove', params: { number: settlementId } },
      };
    }
    return {
      method: 'POST',
      path: `${path}/shares/${action.memberId}/${action.kind}`,
      ...(action.kind === 'cash' ? { body: { reference: action.reference } } : {}),
      label: {
        key: action.kind === 'cash' ? 'outbox:labels.shareCash' : 'outbox:labels.shareRetry',
        params: { member: action.member, number: settlementId },
      },
    };
  });

export interface LotListing {
  name: string;
  quantity: number;
  price: number;
  grade: 'A' | 'B' | 'C';
  lotId: number;
  onBehalfOf: number;
}

export const useListBulkLot = (groupId: number) =>
  useCoopWrite<LotListing, TCommodity>(
    groupId,
    (input, language) => ({
      method: 'POST',
      path: '/api/commodities',
      body: { ...input, status: 'available' },
      label: {
        key: 'outbox:labels.listingCreate',
        params: {
          name: input.name,
          quantity: formatTons(input.quantity, language),
          price: formatMoney(input.price, language),
        },
      },
    }),
    ['stock', 'market'],
  );

export const useSendBroadcast = (groupId: number) =>
  useCoopWrite<BroadcastMessage, TBroadcastResult>(groupId, (message) => ({
    method: 'POST',
    path: `/api/groups/${groupId}/broadcasts`,
    body: { ...message, dryRun: false },
    label: {
      key: 'outbox:labels.broadcastSend',
      params: { excerpt: excerpt(message.fr ?? message.en ?? '') },
    },
  }));

/** Who would receive a broadcast and what its SMS would cost: nothing is sent. */
export const usePreviewBroadcast = (groupId: number) =>
  useMutation({
    mutationFn: (message: BroadcastMessage) =>
      api.post<TBroadcastResult>(`/api/groups/${groupId}/broadcasts`, { ...message, dryRun: true }),
  });

const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
