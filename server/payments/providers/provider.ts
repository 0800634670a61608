// What every mobile-money adapter offers the payments queue: start a collection or a transfer under our reference,
// and ask where it stands. Answers are already mapped to our statuses and failure reasons (PAYMENTS.md).
import type { FailureReason } from '../../../contract/payments';

/** The answer to a request to pay or to transfer. */
export type StartAnswer =
  /** The provider took it (MTN 202, or 409 "already exists" for our reference; Orange 201). */
  | { kind: 'accepted'; paymentUrl: string | null; payToken: string | null; notifToken: string | null }
  /** The provider refused it: no money can move under this reference. */
  | { kind: 'refused'; reason: FailureReason; detail: string }
  /** No usable answer (5xx, a timeout, a dropped connection): it may or may not have been taken. */
  | { kind: 'unknown'; detail: string };

/** The answer to a status question. */
export type StatusAnswer =
  | { kind: 'pending' }
  | { kind: 'succeeded'; transactionId: string | null }
  | { kind: 'failed'; reason: FailureReason; detail: string }
  | { kind: 'expired'; reason: FailureReason; detail: string }
  /** The provider has never heard of this reference. */
  | { kind: 'not_found' }
  | { kind: 'unknown'; detail: string };

/** One money movement as the queue hands it to an adapter. */
export interface MoveRequest {
  /** Our reference: a UUID v4 for MTN, ≤ 30 characters for Orange's order_id. */
  reference: string;
  /** In the currency's main unit, a whole number of its smallest unit (XAF: whole francs). */
  amount: string;
  currency: string;
  /** Digits only, country code first (MTN's MSISDN); null for Orange, whose payer types it on its page. */
  phone: string | null;
  /** Our id of what is paid (e.g. `order-243`), MTN's externalId. */
  externalId: string;
  /** Shown to the payer / payee (never empty: MTN's production answers 500 to an empty one). */
  payerMessage: string;
  payeeNote: string;
  /** Where the provider may call us back (a hint only); null: no callback. */
  callbackUrl: string | null;
  /** The payer's language for Orange's page. */
  language: 'en' | 'fr';
  /** Orange's answer to the start, needed by its status call. */
  payToken: string | null;
}

export interface CollectionAdapter {
  start(request: MoveRequest): Promise<StartAnswer>;
  status(request: MoveRequest): Promise<StatusAnswer>;
}

export interface DisbursementAdapter {
  transfer(request: MoveRequest): Promise<StartAnswer>;
  status(request: MoveRequest): Promise<StatusAnswer>;
}
