// Money moved through a mobile-money provider (a buyer's collection into escrow, a payout from it), which is also the
// durable queue every instance works on, and the operator's own double-entry books of the money it holds.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FAILURE_REASONS, MOBILE_MONEY_PROVIDERS, PAYOUT_BY_HAND_METHODS } from '../../contract/payments';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';
import { MOVE_KINDS, MOVE_STAGES, MOVE_STATUSES, OPERATOR_ACCOUNTS } from './payments-constants';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One collection or payout. The row and its reference are committed before the provider is called; the queue's
 * worker then claims it (`claimed_until`), starts it once (`stage` start → check) and asks its status until final.
 */
export const moneyMoves = pgTable(
  'money_moves',
  {
    id: serial('id').primaryKey(),
    /** `collection`: a buyer pays in; `seller`, `agent`, `refund`: a payout from escrow. */
    kind: text('kind', { enum: MOVE_KINDS }).notNull(),
    orderId: integer('order_id').references(() => idOf('orders')),
    /**
     * A forward agreement's deposit (a collection), its advance or its deposit's end (payouts), or its deposit counted
     * on one of its orders (`applied`, with the order).
     */
    agreementId: integer('agreement_id').references(() => idOf('forward_agreements')),
    /** The payer of a collection, the payee of a payout. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: MOBILE_MONEY_PROVIDERS }).notNull(),
    /** Ours, sent to the provider; a new try after a final failure gets a new one (the old ones are kept). */
    reference: text('reference').notNull(),
    previousReferences: text('previous_references').array().notNull().default(sql`'{}'::text[]`),
    /** Digits, country code first; null: a payout waiting for a proven number, or Orange (the payer types it). */
    phone: text('phone'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: MOVE_STATUSES }).notNull().default('pending'),
    stage: text('stage', { enum: MOVE_STAGES }).notNull().default('start'),
    failureReason: text('failure_reason', { enum: FAILURE_REASONS }),
    /** The provider's own words on the last failure, for whoever runs the server (never shown to users). */
    detail: text('detail'),
    transactionId: text('transaction_id'),
    /** Orange's answer to the start: its page, the token its status call needs, the token its notification carries. */
    paymentUrl: text('payment_url'),
    payToken: text('pay_token'),
    notifToken: text('notif_token'),
    /** Provider calls made for the current reference. */
    attempts: integer('attempts').notNull().default(0),
    dueAt: at('due_at').notNull().defaultNow(),
    claimedUntil: at('claimed_until'),
    /** Past it the payer can no longer approve: one last status question later, then `expired`. */
    deadlineAt: at('deadline_at'),
    /** A payout a manager recorded as made by other means, and its reference. */
    method: text('method', { enum: PAYOUT_BY_HAND_METHODS }).notNull().default('mobile_money'),
    handReference: text('hand_reference'),
    requestedBy: integer('requested_by').references(() => users.id),
    /**
     * A seller payout to a co-operative: no provider call; the operator keeps the money for the co-operative, whose
     * members' shares (`member` payouts) are paid from it.
     */
    pooled: boolean('pooled').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('money_moves_reference_idx').on(t.reference),
    index('money_moves_due_idx').on(t.status, t.dueAt),
    index('money_moves_order_idx').on(t.orderId, t.id),
    // One collection of an order pending at a time, and an order's escrow released to each side once.
    uniqueIndex('money_moves_one_pending_idx')
      .on(t.orderId)
      .where(sql`kind = 'collection' and status in ('pending', 'waiting')`),
    uniqueIndex('money_moves_agreement_pending_idx')
      .on(t.agreementId)
      .where(sql`kind = 'collection' and status in ('pending', 'waiting') and order_id is null`),
    index('money_moves_agreement_idx').on(t.agreementId),
    uniqueIndex('money_moves_released_once_idx')
      .on(t.orderId, t.kind)
      .where(sql`kind in ('seller', 'agent')`),
  ],
);

/** An entry of the operator's books: what happened to the money it holds, for which order and move. */
export const operatorEntries = pgTable(
  'operator_entries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => idOf('orders')),
    moveId: integer('move_id').references(() => moneyMoves.id),
    memo: text('memo').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('operator_entries_order_idx').on(t.orderId)],
);

export const operatorLines = pgTable(
  'operator_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => operatorEntries.id),
    account: text('account', { enum: OPERATOR_ACCOUNTS }).notNull(),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    /** The entry's order, again, so an order's balances are one indexed read. */
    orderId: integer('order_id'),
  },
  (t) => [
    index('operator_lines_order_idx').on(t.orderId, t.account),
    index('operator_lines_entry_idx').on(t.entryId),
  ],
);
