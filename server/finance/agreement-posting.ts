// What a forward agreement books on the seller's farm: the input advance received (owed back from the deliveries),
// the advance counted on a delivery's receivable, and a deposit the buyer forfeited.
import type { Tx } from '../db/client';
import type { EventBus } from '../events/bus';
import { booksChangeSql } from './books-change';
import { bookEntryAnnounced } from './finance.service';
import { postAgreementMoney } from './posting';

const MEMO_KEYS = {
  advance_received: 'agreementAdvance',
  advance_applied: 'agreementAdvanceApplied',
  deposit_kept: 'agreementDepositKept',
} as const;

/** Books one event of a forward agreement's money on the farm; returns the entry's id. */
export function bookAgreementMoney(
  tx: Tx,
  bus: EventBus,
  at: {
    farmId: number;
    agreementId: number;
    kind: keyof typeof MEMO_KEYS;
    date: string;
    amountCents: number;
    orderId?: number;
  },
): Promise<number> {
  const entry = postAgreementMoney(at);
  const note = { key: MEMO_KEYS[at.kind], data: { agreementId: at.agreementId, orderId: at.orderId ?? 0 } };
  return bookEntryAnnounced(
    tx,
    at.farmId,
    { ...entry, note },
    { sourceType: 'agreement', sourceId: at.agreementId },
    (id) => booksChangeSql(bus, { type: 'transaction', id }, at.farmId),
  );
}
