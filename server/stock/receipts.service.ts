// Deposit receipts: a lot kept in a store its owner does not own (a co-operative's, a warehouse) gets a numbered
// receipt with an unguessable code; anyone with the code may check it (a buyer, a lender), a few times a minute.

import { kgToTons } from '../../contract/quantity';
import { RECEIPT_LOOKUPS_PER_MINUTE, type ReceiptStatus, type TReceipt } from '../../contract/stock';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { takeSharedSlot } from '../http/shared-limit';
import { notify } from '../notifications';
import { newReceiptCode, receiptNumber } from './receipt-code';
import {
  arrivalDay,
  type LotRow,
  type LotView,
  lotView,
  receiptCodeIs,
  type StoreRow,
  setReceipt,
} from './stock.repo';

/** The shared limit's bucket of receipt look-ups (keyed by the caller's address or phone). */
export const RECEIPT_LOOKUP_BUCKET = 'receipt-lookup';
const MINUTE_MS = 60_000;

/** A receipt for a lot deposited in someone else's store, with its number and code, and the depositor told. */
export async function issueReceiptIfDeposit(
  ctx: AppContext,
  tx: Tx,
  deposit: { lot: LotRow; store: StoreRow; happenedOn: string },
): Promise<void> {
  const { lot, store } = deposit;
  if (store.ownerId === lot.ownerId) {
    return;
  }
  const receipt = {
    number: receiptNumber(lot.id, Number(deposit.happenedOn.slice(0, 4))),
    code: newReceiptCode(),
  };
  await setReceipt(tx, lot.id, receipt);
  // The depositor's copy, by SMS where they take them (a receipt is business: on by default).
  await notify(tx, ctx, [lot.ownerId], {
    type: 'stock_receipt',
    data: {
      store: store.name,
      crop: lot.crop,
      grade: lot.grade ?? '-',
      kg: lot.quantityKg,
      moisture: lot.moistureTenths === null ? '-' : lot.moistureTenths / 10,
      day: deposit.happenedOn,
      number: receipt.number,
      code: receipt.code,
    },
    link: `/receipts/${receipt.code}`,
  });
}

export function receiptStatus(lot: Pick<LotRow, 'quantityKg' | 'depositedKg'>): ReceiptStatus {
  if (lot.quantityKg === 0) {
    return 'withdrawn';
  }
  return lot.quantityKg < lot.depositedKg ? 'partly_withdrawn' : 'valid';
}

/** What anyone with the code sees: these fields and nothing else. */
export function presentReceipt(lot: LotView, depositedOn: string | null): TReceipt {
  return {
    number: lot.receiptNumber ?? '',
    code: lot.receiptCode ?? '',
    depositor: lot.ownerName,
    crop: lot.crop,
    grade: lot.grade,
    moisture: lot.moistureTenths === null ? null : lot.moistureTenths / 10,
    quantity: kgToTons(lot.depositedKg),
    held: kgToTons(lot.quantityKg),
    store: { name: lot.store.name, location: lot.store.location },
    // The day the goods came in (it may be recorded later), else when the lot was made.
    depositedAt: depositedOn ?? lot.createdAt.toISOString(),
    status: receiptStatus(lot),
  };
}

/**
 * The receipt with this code, after taking one of the caller's look-ups for the minute (429 past them): a wrong code
 * says only "not found", and guessing one of 31^10 codes ten at a time is hopeless.
 */
export async function receiptByCode(ctx: AppContext, code: string, callerKey: string): Promise<TReceipt> {
  const wait = await takeSharedSlot(ctx.db, {
    bucket: RECEIPT_LOOKUP_BUCKET,
    key: callerKey,
    limits: [{ count: RECEIPT_LOOKUPS_PER_MINUTE, windowMs: MINUTE_MS }],
  });
  if (wait > 0) {
    throw new AppError(
      'rateLimited',
      'stock.errors.receiptLookups',
      { seconds: wait },
      { 'retry-after': String(wait) },
    );
  }
  const lot = await lotView(ctx.db, receiptCodeIs(code));
  if (!lot) {
    throw new AppError('notFound', 'stock.errors.receiptNotFound');
  }
  return presentReceipt(lot, await arrivalDay(ctx.db, lot.id));
}
