// Tests for the posting rules: transactions, sales, settlements and reversals as balanced journal entries.
import { describe, expect, it } from 'vitest';
import {
  assertBalanced,
  type JournalEntry,
  postDeliveryFee,
  postSale,
  postSettlement,
  postTransaction,
  reverseEntry,
} from './posting';

describe('postTransaction', () => {
  it('debits the money account for income', () => {
    expect(
      postTransaction({
        type: 'income',
        category: 'subsidy',
        amountCents: 5000,
        date: '2024-03-01',
        paymentMethod: 'bank',
      }),
    ).toEqual({
      date: '2024-03-01',
      lines: [
        { account: 'bank', debit: 5000, credit: 0 },
        { account: 'income:subsidy', debit: 0, credit: 5000 },
      ],
    });
  });

  it('credits the money account for expenses, and keeps the memo', () => {
    expect(
      postTransaction({
        type: 'expense',
        category: 'fuel',
        amountCents: 1234,
        date: '2024-03-02',
        paymentMethod: 'mobile_money',
        memo: 'Diesel',
      }),
    ).toEqual({
      date: '2024-03-02',
      memo: 'Diesel',
      lines: [
        { account: 'expense:fuel', debit: 1234, credit: 0 },
        { account: 'mobile_money', debit: 0, credit: 1234 },
      ],
    });
  });

  it('books a loan against loans, and an expense on credit against payables', () => {
    const loan = postTransaction({
      type: 'income',
      category: 'loan_received',
      amountCents: 100,
      date: '2024-01-01',
    });
    expect(loan.lines.map((line) => line.account)).toEqual(['cash', 'loans']);
    const onCredit = postTransaction({
      type: 'expense',
      category: 'fertilizer',
      amountCents: 100,
      date: '2024-01-01',
      paymentMethod: 'credit',
    });
    expect(onCredit.lines.map((line) => line.account)).toEqual(['expense:fertilizer', 'payables']);
  });

  it('rejects invalid amounts and dates', () => {
    const base = { type: 'income', category: 'subsidy', date: '2024-01-01' } as const;
    expect(() => postTransaction({ ...base, amountCents: 0 })).toThrow(RangeError);
    expect(() => postTransaction({ ...base, amountCents: -5 })).toThrow(RangeError);
    expect(() => postTransaction({ ...base, amountCents: 12.5 })).toThrow(RangeError);
    expect(() => postTransaction({ ...base, amountCents: 2 ** 53 })).toThrow(RangeError);
    expect(() => postTransaction({ ...base, amountCents: 1, date: '2024-02-30' })).toThrow(RangeError);
  });
});

describe('postSale and postSettlement', () => {
  it('books a paid sale against cash and an unpaid one against receivables', () => {
    expect(postSale({ date: '2024-05-01', totalCents: 900 }).lines).toEqual([
      { account: 'cash', debit: 900, credit: 0 },
      { account: 'income:produce_sales', debit: 0, credit: 900 },
    ]);
    expect(postSale({ date: '2024-05-01', totalCents: 900, paid: false }).lines[0]?.account).toBe(
      'receivables',
    );
    expect(postSale({ date: '2024-05-01', totalCents: 900, paymentMethod: 'momo' }).lines[0]?.account).toBe(
      'mobile_money',
    );
    expect(postSale({ date: '2024-05-01', totalCents: 900, paymentMethod: 'credit' }).lines[0]?.account).toBe(
      'cash',
    );
  });

  it('settles receivables and payables through a money account', () => {
    expect(
      postSettlement({ date: '2024-05-02', amountCents: 900, direction: 'collect', paymentMethod: 'bank' })
        .lines,
    ).toEqual([
      { account: 'bank', debit: 900, credit: 0 },
      { account: 'receivables', debit: 0, credit: 900 },
    ]);
    expect(postSettlement({ date: '2024-05-02', amountCents: 50, direction: 'pay' }).lines).toEqual([
      { account: 'payables', debit: 50, credit: 0 },
      { account: 'cash', debit: 0, credit: 50 },
    ]);
  });
});

describe('reverseEntry', () => {
  const original = postTransaction({
    type: 'expense',
    category: 'seeds',
    amountCents: 700,
    date: '2024-04-01',
    memo: 'Maize seed',
  });

  it('swaps debits and credits on the original date by default', () => {
    expect(reverseEntry(original)).toEqual({
      date: '2024-04-01',
      memo: 'Reversal: Maize seed',
      lines: [
        { account: 'expense:seeds', debit: 0, credit: 700 },
        { account: 'cash', debit: 700, credit: 0 },
      ],
    });
  });

  it('can be dated and described for a later correction', () => {
    const reversal = reverseEntry(original, { date: '2024-04-30', memo: 'Wrong farm' });
    expect(reversal.date).toBe('2024-04-30');
    expect(reversal.memo).toBe('Wrong farm');
    expect(reverseEntry(reversal).lines).toEqual(original.lines);
  });
});

describe('assertBalanced', () => {
  const line = (account: 'cash' | 'bank', debit: number, credit: number) => ({ account, debit, credit });
  const entry = (lines: JournalEntry['lines'], date = '2024-01-01'): JournalEntry => ({ date, lines });

  it('accepts balanced entries with several lines', () => {
    expect(() =>
      assertBalanced(entry([line('cash', 70, 0), line('bank', 30, 0), line('cash', 0, 100)])),
    ).not.toThrow();
  });

  it.each<[string, JournalEntry]>([
    ['unbalanced', entry([line('cash', 100, 0), line('bank', 0, 99)])],
    ['no lines', entry([])],
    ['negative', entry([line('cash', -100, 0), line('bank', 0, -100)])],
    ['fractional', entry([line('cash', 0.5, 0), line('bank', 0, 0.5)])],
    ['zero line', entry([line('cash', 100, 0), line('bank', 0, 100), line('cash', 0, 0)])],
    ['both sides', entry([line('cash', 100, 100), line('bank', 0, 0)])],
    ['not a number', entry([line('cash', Number.NaN, 0), line('bank', 0, Number.NaN)])],
    ['unsafe', entry([line('cash', 2 ** 53, 0), line('bank', 0, 2 ** 53)])],
    ['bad date', entry([line('cash', 1, 0), line('bank', 0, 1)], '2024-02-30')],
    [
      'unknown account',
      { date: '2024-01-01', lines: [{ account: 'wallet', debit: 1, credit: 0 }] } as unknown as JournalEntry,
    ],
  ])('rejects %s entries', (_, bad) => {
    expect(() => assertBalanced(bad)).toThrow(RangeError);
  });
});

describe('postDeliveryFee', () => {
  it('books a transport expense paid in cash, balanced', () => {
    const entry = postDeliveryFee({
      date: '2026-12-01',
      amountCents: 3550,
      memo: 'Order #4: delivery fee to ali',
    });
    expect(entry.lines).toEqual([
      { account: 'expense:transport', debit: 3550, credit: 0 },
      { account: 'cash', debit: 0, credit: 3550 },
    ]);
    expect(() => assertBalanced(entry)).not.toThrow();
    expect(() => postDeliveryFee({ date: '2026-12-01', amountCents: 0 })).toThrow(RangeError);
  });
});
