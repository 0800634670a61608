// fast-check arbitraries for random farm ledgers (transactions, sales, settlements, reversals): shared by the
// property tests of the ledger and of its statements.
import fc from 'fast-check';
import { TRANSACTION_CATEGORIES } from '../../contract/finance-categories';
import { addDays } from './periods';
import {
  type JournalEntry,
  postCommission,
  postRefund,
  postSale,
  postSettlement,
  postTransaction,
  reverseEntry,
  type TransactionInput,
} from './posting';

export const FIRST_DAY = '2024-01-01';
export const DAYS = 731;

/** Period boundaries, drawn often so that events and statements fall on the same days. */
const BOUNDARIES = [
  '2024-01-01',
  '2024-02-29',
  '2024-03-31',
  '2024-04-01',
  '2024-12-31',
  '2025-01-01',
  '2025-12-31',
];
export const day = fc.oneof(
  fc.integer({ min: 0, max: DAYS - 1 }).map((offset) => addDays(FIRST_DAY, offset)),
  fc.constantFrom(...BOUNDARIES),
);
/** Statement dates reach a month beyond the events on both sides, to cover empty and complete histories. */
export const statementDay = fc.oneof(
  fc.integer({ min: -31, max: DAYS + 31 }).map((offset) => addDays(FIRST_DAY, offset)),
  fc.constantFrom(...BOUNDARIES),
);
export const amount = fc.integer({ min: 1, max: 1e10 });
export const paymentMethod = fc.constantFrom(
  'cash',
  'mobile_money',
  'bank_transfer',
  'bank',
  'card',
  'cheque',
  'credit',
  '',
  null,
  undefined,
  'barter',
  ' Mobile Money ',
);
const category = fc.oneof(
  fc.constantFrom(...TRANSACTION_CATEGORIES),
  fc.constantFrom('Irrigation', '__proto__', 'constructor', ' SEEDS ', ''),
  fc.string({ maxLength: 12 }),
);
const transaction = fc.record({
  type: fc.constantFrom('income' as const, 'expense' as const),
  category,
  amountCents: amount,
  date: day,
  paymentMethod,
});

type Event =
  | { kind: 'transaction'; input: TransactionInput }
  | {
      kind: 'sale';
      date: string;
      totalCents: number;
      paid: boolean;
      paymentMethod: string | null | undefined;
    }
  | {
      kind: 'settlement';
      date: string;
      amountCents: number;
      direction: 'collect' | 'pay';
      paymentMethod: string | null | undefined;
    }
  | { kind: 'reversal'; index: number; date: string | undefined }
  | {
      kind: 'refund';
      date: string;
      amountCents: number;
      stillOwedCents: number;
      paymentMethod: string | null | undefined;
    }
  | { kind: 'commission'; date: string; amountCents: number; paymentMethod: string | null | undefined };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 5, arbitrary: transaction.map((input) => ({ kind: 'transaction' as const, input })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      date: day,
      totalCents: amount,
      paid: fc.boolean(),
      paymentMethod,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settlement' as const),
      date: day,
      amountCents: amount,
      direction: fc.constantFrom('collect' as const, 'pay' as const),
      paymentMethod,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reversal' as const),
      index: fc.nat(),
      date: fc.option(day, { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      date: day,
      amountCents: amount,
      stillOwedCents: fc.integer({ min: 0, max: 1e10 }),
      paymentMethod,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('commission' as const),
      date: day,
      amountCents: amount,
      paymentMethod,
    }),
  },
);

export const ledger = fc.array(event, { maxLength: 40 }).map(toEntries);

function toEntries(events: readonly Event[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const item of events) {
    const entry = toEntry(item, entries);
    if (entry) {
      entries.push(entry);
    }
  }
  return entries;
}

function toEntry(item: Event, previous: readonly JournalEntry[]): JournalEntry | undefined {
  switch (item.kind) {
    case 'transaction':
      return postTransaction(item.input);
    case 'sale':
      return postSale(item);
    case 'settlement':
      return postSettlement(item);
    case 'refund':
      return postRefund(item);
    case 'commission':
      return postCommission(item);
    case 'reversal': {
      const target = previous[item.index % Math.max(previous.length, 1)];
      return target && reverseEntry(target, item.date === undefined ? {} : { date: item.date });
    }
  }
}
