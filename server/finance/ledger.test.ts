// Property tests of the ledger's invariants over random event histories, through its public entry point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_CATEGORIES } from '../../contract/finance-categories';
import {
  addDays,
  assertBalanced,
  type BalanceSheet,
  balanceSheet,
  balances,
  cashFlow,
  financialOverview,
  incomeStatement,
  type JournalEntry,
  monthlyHistory,
  postSale,
  postSettlement,
  postTransaction,
  previousDay,
  reverseEntry,
  type TransactionInput,
  trialBalance,
} from './ledger';

const FIRST_DAY = '2024-01-01';
const DAYS = 731;

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
const day = fc.oneof(
  fc.integer({ min: 0, max: DAYS - 1 }).map((offset) => addDays(FIRST_DAY, offset)),
  fc.constantFrom(...BOUNDARIES),
);
/** Statement dates reach a month beyond the events on both sides, to cover empty and complete histories. */
const statementDay = fc.oneof(
  fc.integer({ min: -31, max: DAYS + 31 }).map((offset) => addDays(FIRST_DAY, offset)),
  fc.constantFrom(...BOUNDARIES),
);
const amount = fc.integer({ min: 1, max: 1e10 });
const paymentMethod = fc.constantFrom(
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
  | { kind: 'reversal'; index: number; date: string | undefined };

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
);

const ledger = fc.array(event, { maxLength: 40 }).map(toEntries);

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
    case 'reversal': {
      const target = previous[item.index % Math.max(previous.length, 1)];
      return target && reverseEntry(target, item.date === undefined ? {} : { date: item.date });
    }
  }
}

/** ISO dates order like strings; Math.min and Math.max would turn them into NaN. */
function earlier(a: string, b: string): string {
  return a <= b ? a : b;
}

function later(a: string, b: string): string {
  return a <= b ? b : a;
}

const cashOf = (sheet: BalanceSheet) => sheet.assets.cash + sheet.assets.mobile_money + sheet.assets.bank;
const sum = (values: Record<string, number>) =>
  Object.values(values).reduce((total, value) => total + value, 0);
const nonZero = (values: Record<string, number>) => Object.entries(values).filter(([, value]) => value !== 0);
const dateRange = fc
  .tuple(statementDay, statementDay)
  .map(([a, b]): [string, string] => [earlier(a, b), later(a, b)]);

describe('ledger invariants (properties)', () => {
  it('posts only balanced entries of positive integer cents', () => {
    fc.assert(
      fc.property(ledger, (entries) => {
        for (const entry of entries) {
          expect(() => assertBalanced(entry)).not.toThrow();
          const debits = entry.lines.reduce((total, line) => total + line.debit, 0);
          expect(debits).toBe(entry.lines.reduce((total, line) => total + line.credit, 0));
          expect(debits).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('balances the balance sheet at any date', () => {
    fc.assert(
      fc.property(ledger, statementDay, (entries, asOf) => {
        const sheet = balanceSheet(entries, { asOf });
        expect(sheet.totalAssets).toBe(sheet.totalLiabilities + sheet.totalEquity);
        expect(sheet.totalAssets).toBe(sum(sheet.assets));
        expect(sheet.totalLiabilities).toBe(sum(sheet.liabilities));
        expect(sheet.totalEquity).toBe(sum(sheet.equity));
        expect(financialOverview(entries, { asOf }).netWorth).toBe(sheet.totalEquity);
        const trial = trialBalance(entries, { asOf });
        expect(trial.totalDebit).toBe(trial.totalCredit);
      }),
    );
  });

  it('reconciles cash flow with cash for any period', () => {
    fc.assert(
      fc.property(ledger, dateRange, (entries, [startDate, endDate]) => {
        const flow = cashFlow(entries, { startDate, endDate });
        expect(flow.operating + flow.investing + flow.financing).toBe(flow.netChange);
        expect(flow.closingCash - flow.openingCash).toBe(flow.netChange);
        expect(flow.openingCash).toBe(cashOf(balanceSheet(entries, { asOf: previousDay(startDate) })));
        expect(flow.closingCash).toBe(cashOf(balanceSheet(entries, { asOf: endDate })));
      }),
    );
  });

  it('makes net income of a period equal the change in retained earnings over it', () => {
    fc.assert(
      fc.property(ledger, dateRange, (entries, [startDate, endDate]) => {
        const statement = incomeStatement(entries, { startDate, endDate });
        const before = balanceSheet(entries, { asOf: previousDay(startDate) }).equity.retained_earnings;
        const after = balanceSheet(entries, { asOf: endDate }).equity.retained_earnings;
        expect(statement.netIncome).toBe(after - before);
        expect(statement.totalIncome).toBe(sum(statement.income));
        expect(statement.totalExpenses).toBe(sum(statement.expenses));
      }),
    );
  });

  it('restores every balance when an entry is reversed on its date', () => {
    fc.assert(
      fc.property(ledger, fc.nat(), statementDay, (entries, pick, asOf) => {
        fc.pre(entries.length > 0);
        const index = pick % entries.length;
        const target = entries[index] as JournalEntry;
        const without = entries.filter((_, position) => position !== index);
        const reversed = [...entries, reverseEntry(target)];
        expect(nonZero(balances(reversed, { asOf }))).toEqual(nonZero(balances(without, { asOf })));
        expect(balanceSheet(reversed, { asOf })).toEqual(balanceSheet(without, { asOf }));
      }),
    );
  });

  it('restores every balance from the date of a later reversal on', () => {
    fc.assert(
      fc.property(ledger, fc.nat(), day, fc.nat({ max: 400 }), (entries, pick, reversalDay, daysAfter) => {
        fc.pre(entries.length > 0);
        const index = pick % entries.length;
        const target = entries[index] as JournalEntry;
        const date = later(target.date, reversalDay);
        const asOf = addDays(date, daysAfter);
        const without = entries.filter((_, position) => position !== index);
        const reversed = [...entries, reverseEntry(target, { date })];
        expect(balanceSheet(reversed, { asOf })).toEqual(balanceSheet(without, { asOf }));
      }),
    );
  });

  it('never changes net worth with loans or equipment, nor net income with any non-operating category', () => {
    const nonOperating = fc.record({
      type: fc.constantFrom('income' as const, 'expense' as const),
      category: fc.constantFrom('loan_received', 'loan_repayment', 'equipment_purchase', 'equipment_sale'),
      amountCents: amount,
      date: day,
      paymentMethod,
    });
    fc.assert(
      fc.property(ledger, nonOperating, statementDay, (entries, input, asOf) => {
        const after = [...entries, postTransaction(input)];
        expect(financialOverview(after, { asOf }).netWorth).toBe(
          financialOverview(entries, { asOf }).netWorth,
        );
        const range = { startDate: FIRST_DAY, endDate: later(asOf, FIRST_DAY) };
        expect(incomeStatement(after, range)).toEqual(incomeStatement(entries, range));
      }),
    );
  });

  it('keeps owner money out of net income', () => {
    const ownerMoney = fc.record({
      type: fc.constantFrom('income' as const, 'expense' as const),
      category: fc.constantFrom('owner_contribution', 'owner_withdrawal'),
      amountCents: amount,
      date: day,
      paymentMethod,
    });
    fc.assert(
      fc.property(ledger, ownerMoney, dateRange, (entries, input, [startDate, endDate]) => {
        const after = [...entries, postTransaction(input)];
        expect(incomeStatement(after, { startDate, endDate })).toEqual(
          incomeStatement(entries, { startDate, endDate }),
        );
      }),
    );
  });

  it('builds a monthly history that adds up to the income statement', () => {
    fc.assert(
      fc.property(ledger, (entries) => {
        const history = monthlyHistory(entries);
        const whole = incomeStatement(entries, { startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, DAYS) });
        expect(history.reduce((total, row) => total + row.incomeCents, 0)).toBe(whole.totalIncome);
        expect(history.reduce((total, row) => total + row.expenseCents, 0)).toBe(whole.totalExpenses);
      }),
    );
  });
});
