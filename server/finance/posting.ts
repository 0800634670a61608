// Posting rules: turns farm transactions and sales into balanced journal entries; entries are only ever reversed.
import type { TransactionType } from '../../contract/finance-categories';
import { type Account, accountType, counterAccountFor, moneyAccountFor } from './accounts';
import type { MemoNote } from './memo-text';
import { assertIsoDate } from './periods';

export interface JournalLine {
  readonly account: Account;
  /** Integer cents, ≥ 0; exactly one of debit and credit is positive. */
  readonly debit: number;
  readonly credit: number;
}

export interface JournalEntry {
  /** 'YYYY-MM-DD'; statements include an entry from this day on. */
  readonly date: string;
  readonly memo?: string;
  /** A memo the system wrote, shown in the reader's language (memo keeps its English for older readers). */
  readonly note?: MemoNote;
  readonly lines: readonly JournalLine[];
}

export interface TransactionInput {
  readonly type: TransactionType;
  readonly category: string;
  readonly amountCents: number;
  readonly date: string;
  readonly paymentMethod?: string | null;
  readonly memo?: string;
}

export interface SaleInput {
  readonly date: string;
  readonly totalCents: number;
  /** Paid now (default) debits the money account; unpaid debits receivables until collected. */
  readonly paid?: boolean;
  readonly paymentMethod?: string | null;
  readonly memo?: string;
}

export interface SettlementInput {
  readonly date: string;
  readonly amountCents: number;
  /** `collect`: a buyer pays a receivable; `pay`: the farm pays a payable. */
  readonly direction: 'collect' | 'pay';
  readonly paymentMethod?: string | null;
  readonly memo?: string;
}

/**
 * Books a farm transaction: the type gives the direction of money (income debits the money account, expense
 * credits it), the payment method picks the money account and the category the counter-account (see accounts).
 * Throws RangeError on an invalid date or an amount that is not a positive safe integer.
 */
export function postTransaction(input: TransactionInput): JournalEntry {
  const money = moneyAccountFor(input.paymentMethod, input.type);
  const counter = counterAccountFor(input.category, input.type);
  return input.type === 'income'
    ? entry(input.date, input.memo, money, counter, input.amountCents)
    : entry(input.date, input.memo, counter, money, input.amountCents);
}

/** Books a marketplace sale as produce sales, against the money account if paid, else receivables. */
export function postSale(input: SaleInput): JournalEntry {
  const debit =
    (input.paid ?? true) ? moneyAccountFor(creditless(input.paymentMethod), 'income') : 'receivables';
  return entry(input.date, input.memo, debit, 'income:produce_sales', input.totalCents);
}

/** Books money received for a receivable or paid for a payable; no income or expense, only the balance sheet. */
export function postSettlement(input: SettlementInput): JournalEntry {
  const money = moneyAccountFor(creditless(input.paymentMethod), 'income');
  return input.direction === 'collect'
    ? entry(input.date, input.memo, money, 'receivables', input.amountCents)
    : entry(input.date, input.memo, 'payables', money, input.amountCents);
}

export interface RefundInput {
  readonly date: string;
  readonly amountCents: number;
  /** What the buyer still owed before the refund: forgiven first, the rest is money handed back. */
  readonly stillOwedCents: number;
  readonly paymentMethod?: string | null;
  readonly memo?: string;
}

/** How a refund splits: what the buyer still owed is forgiven first, the rest is money handed back. */
export function refundSplit(
  amountCents: number,
  stillOwedCents: number,
): { forgiven: number; handedBack: number } {
  const forgiven = Math.min(amountCents, Math.max(stillOwedCents, 0));
  return { forgiven, handedBack: amountCents - forgiven };
}

/**
 * Books a refund on a sale: produce sales shrink by the amount; what the buyer still owed is forgiven (receivables
 * credited) and the rest goes back from the money account (see refundSplit).
 */
export function postRefund(input: RefundInput): JournalEntry {
  const { forgiven, handedBack } = refundSplit(input.amountCents, input.stillOwedCents);
  const lines: JournalLine[] = [{ account: 'income:produce_sales', debit: input.amountCents, credit: 0 }];
  if (forgiven > 0) {
    lines.push({ account: 'receivables', debit: 0, credit: forgiven });
  }
  if (handedBack > 0) {
    lines.push({
      account: moneyAccountFor(creditless(input.paymentMethod), 'income'),
      debit: 0,
      credit: handedBack,
    });
  }
  const entry = { date: input.date, ...(input.memo === undefined ? {} : { memo: input.memo }), lines };
  assertBalanced(entry);
  return entry;
}

/**
 * Books an agent's commission: an operating expense paid from the money account, or, when the buyer's money is in
 * escrow and the agent is paid from there, from what the buyer owes the farm (`fromReceivables`).
 */
export function postCommission(input: {
  readonly date: string;
  readonly amountCents: number;
  readonly paymentMethod?: string | null;
  readonly fromReceivables?: boolean;
  readonly memo?: string;
}): JournalEntry {
  const money = input.fromReceivables
    ? 'receivables'
    : moneyAccountFor(creditless(input.paymentMethod), 'expense');
  return entry(input.date, input.memo, 'expense:commission', money, input.amountCents);
}

/** Books a driver's fee: a transport expense paid from the money account (cash unless said otherwise). */
export function postDeliveryFee(input: {
  readonly date: string;
  readonly amountCents: number;
  readonly paymentMethod?: string | null;
  readonly memo?: string;
}): JournalEntry {
  const money = moneyAccountFor(creditless(input.paymentMethod), 'expense');
  return entry(input.date, input.memo, 'expense:transport', money, input.amountCents);
}

/** Money that changed hands cannot be `credit` (which means "no money yet"), so that falls back to cash. */
function creditless(paymentMethod: string | null | undefined): string | null | undefined {
  return paymentMethod?.trim().toLowerCase() === 'credit' ? 'cash' : paymentMethod;
}

/**
 * The entry that cancels `original`: same lines with debit and credit swapped. Dated like the original unless
 * a date is given (a correction booked today leaves earlier statements as they were reported).
 */
export function reverseEntry(
  original: JournalEntry,
  options: { date?: string; memo?: string } = {},
): JournalEntry {
  assertBalanced(original);
  const date = options.date ?? original.date;
  assertIsoDate(date);
  const memo = options.memo ?? (original.memo === undefined ? 'Reversal' : `Reversal: ${original.memo}`);
  const lines = original.lines.map((line) => ({
    account: line.account,
    debit: line.credit,
    credit: line.debit,
  }));
  return { date, memo, lines };
}

/**
 * Throws (RangeError) unless the entry has a valid date, at least one line, known accounts, and on every line
 * non-negative safe-integer cents with exactly one side positive, and total debits equal to total credits.
 */
export function assertBalanced(journalEntry: JournalEntry): void {
  assertIsoDate(journalEntry.date);
  if (journalEntry.lines.length === 0) {
    throw new RangeError('journal entry has no lines');
  }
  let debits = 0;
  let credits = 0;
  for (const line of journalEntry.lines) {
    assertLine(line);
    debits += line.debit;
    credits += line.credit;
  }
  if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits)) {
    throw new RangeError('journal entry totals exceed the safe integer range');
  }
  if (debits !== credits) {
    throw new RangeError(`journal entry is unbalanced: debits ${debits} ≠ credits ${credits}`);
  }
}

function assertLine(line: JournalLine): void {
  accountType(line.account);
  for (const side of [line.debit, line.credit]) {
    if (!Number.isSafeInteger(side) || side < 0) {
      throw new RangeError(`line on ${line.account} must have non-negative integer cents, got ${side}`);
    }
  }
  if ((line.debit === 0) === (line.credit === 0)) {
    throw new RangeError(`line on ${line.account} must have exactly one of debit and credit positive`);
  }
}

/**
 * A forward agreement's money on the seller's farm: an input advance received (owed back: a payable), the advance
 * counted against an order's receivable, or a deposit the buyer forfeited (the seller's income).
 */
export function postAgreementMoney(input: {
  kind: 'advance_received' | 'advance_applied' | 'deposit_kept';
  date: string;
  amountCents: number;
}): JournalEntry {
  switch (input.kind) {
    case 'advance_received':
      return entry(input.date, undefined, 'mobile_money', 'payables', input.amountCents);
    case 'advance_applied':
      return entry(input.date, undefined, 'payables', 'receivables', input.amountCents);
    case 'deposit_kept':
      return entry(input.date, undefined, 'mobile_money', 'income:other_income', input.amountCents);
  }
}

function entry(
  date: string,
  memo: string | undefined,
  debitAccount: Account,
  creditAccount: Account,
  amountCents: number,
): JournalEntry {
  assertIsoDate(date);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`amount must be a positive integer number of cents, got ${amountCents}`);
  }
  const lines = [
    { account: debitAccount, debit: amountCents, credit: 0 },
    { account: creditAccount, debit: 0, credit: amountCents },
  ];
  return memo === undefined ? { date, lines } : { date, memo, lines };
}
