// Hand-computed statements for one farm year (balances, trial balance, income statement, balance sheet, cash flow),
// and the balance sheet from per-account totals (the database path) against the one from entries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashFlow } from './cash-flow';
import { ledger, statementDay } from './ledger.arbitraries';
import { postSale, postSettlement, postTransaction } from './posting';
import {
  balanceSheet,
  balanceSheetFromTotals,
  balances,
  financialOverview,
  financialOverviewFromTotals,
  incomeStatement,
  netByAccount,
  trialBalance,
} from './statements';

const year = [
  postTransaction({
    type: 'income',
    category: 'owner_contribution',
    amountCents: 1_000_000,
    date: '2024-01-05',
  }),
  postTransaction({
    type: 'income',
    category: 'loan_received',
    amountCents: 2_000_000,
    date: '2024-01-10',
    paymentMethod: 'bank_transfer',
  }),
  postTransaction({
    type: 'expense',
    category: 'equipment_purchase',
    amountCents: 1_500_000,
    date: '2024-02-01',
    paymentMethod: 'bank',
  }),
  postTransaction({
    type: 'expense',
    category: 'seeds',
    amountCents: 120_050,
    date: '2024-03-15',
    paymentMethod: 'mobile_money',
  }),
  postTransaction({
    type: 'expense',
    category: 'fertilizer',
    amountCents: 80_000,
    date: '2024-03-20',
    paymentMethod: 'credit',
  }),
  postSale({ date: '2024-06-30', totalCents: 450_000 }),
  postSale({ date: '2024-07-02', totalCents: 300_000, paid: false }),
  postSettlement({
    date: '2024-07-20',
    amountCents: 300_000,
    direction: 'collect',
    paymentMethod: 'mobile_money',
  }),
  postSettlement({ date: '2024-08-01', amountCents: 80_000, direction: 'pay', paymentMethod: 'cash' }),
  postTransaction({
    type: 'expense',
    category: 'loan_repayment',
    amountCents: 250_000,
    date: '2024-09-01',
    paymentMethod: 'bank',
  }),
  postTransaction({ type: 'expense', category: 'labour', amountCents: 60_000, date: '2024-10-01' }),
  postTransaction({ type: 'expense', category: 'owner_withdrawal', amountCents: 50_000, date: '2024-12-01' }),
];

describe('statements of a farm year', () => {
  it('computes the year-end balance sheet', () => {
    expect(balanceSheet(year, { asOf: '2024-12-31' })).toEqual({
      assets: {
        cash: 1_260_000,
        mobile_money: 179_950,
        bank: 250_000,
        receivables: 0,
        inventory: 0,
        equipment: 1_500_000,
      },
      liabilities: { loans: 1_750_000, payables: 0 },
      equity: { owner_equity: 950_000, retained_earnings: 489_950 },
      totalAssets: 3_189_950,
      totalLiabilities: 1_750_000,
      totalEquity: 1_439_950,
    });
  });

  it('lists natural-sign balances of every touched account', () => {
    expect(balances(year, { asOf: '2024-03-31' })).toEqual({
      cash: 1_000_000,
      mobile_money: -120_050,
      bank: 500_000,
      receivables: 0,
      inventory: 0,
      equipment: 1_500_000,
      loans: 2_000_000,
      payables: 80_000,
      owner_equity: 1_000_000,
      retained_earnings: 0,
      'expense:fertilizer': 80_000,
      'expense:seeds': 120_050,
    });
  });

  it('computes the half-year income statement', () => {
    expect(incomeStatement(year, { startDate: '2024-01-01', endDate: '2024-06-30' })).toEqual({
      income: { produce_sales: 450_000 },
      expenses: { fertilizer: 80_000, seeds: 120_050 },
      totalIncome: 450_000,
      totalExpenses: 200_050,
      netIncome: 249_950,
    });
  });

  it('reports a loss as a negative net income', () => {
    expect(incomeStatement(year, { startDate: '2024-10-01', endDate: '2024-12-31' }).netIncome).toBe(-60_000);
  });

  it('classifies the year of cash flows', () => {
    expect(cashFlow(year, { startDate: '2024-01-01', endDate: '2024-12-31' })).toEqual({
      operating: 489_950,
      investing: -1_500_000,
      financing: 2_700_000,
      netChange: 1_689_950,
      openingCash: 0,
      closingCash: 1_689_950,
    });
  });

  it('opens a quarter with the cash at the end of the previous day', () => {
    expect(cashFlow(year, { startDate: '2024-07-01', endDate: '2024-09-30' })).toEqual({
      operating: 220_000,
      investing: 0,
      financing: -250_000,
      netChange: -30_000,
      openingCash: 1_829_950,
      closingCash: 1_799_950,
    });
  });

  it('leaves net worth unchanged when a loan arrives', () => {
    expect(financialOverview(year, { asOf: '2024-01-09' })).toEqual({
      totalAssets: 1_000_000,
      totalLiabilities: 0,
      netWorth: 1_000_000,
    });
    expect(financialOverview(year, { asOf: '2024-01-10' })).toEqual({
      totalAssets: 3_000_000,
      totalLiabilities: 2_000_000,
      netWorth: 1_000_000,
    });
  });

  it('builds a trial balance whose sides agree', () => {
    const trial = trialBalance(year, { asOf: '2024-12-31' });
    expect(trial.totalDebit).toBe(trial.totalCredit);
    expect(trial.rows.find((row) => row.account === 'loans')).toEqual({
      account: 'loans',
      debit: 0,
      credit: 1_750_000,
    });
    expect(trial.rows.find((row) => row.account === 'expense:seeds')).toEqual({
      account: 'expense:seeds',
      debit: 120_050,
      credit: 0,
    });
  });

  it('counts 10 cents and 20 cents as exactly 30 cents', () => {
    const entries = [
      postTransaction({ type: 'income', category: 'other_income', amountCents: 10, date: '2024-01-01' }),
      postTransaction({ type: 'income', category: 'other_income', amountCents: 20, date: '2024-01-02' }),
    ];
    expect(financialOverview(entries, { asOf: '2024-01-02' }).netWorth).toBe(30);
    expect(incomeStatement(entries, { startDate: '2024-01-01', endDate: '2024-01-31' }).totalIncome).toBe(30);
  });

  it('keeps a free-text category named __proto__ as an ordinary key', () => {
    const entries = [
      postTransaction({ type: 'expense', category: '__proto__', amountCents: 5, date: '2024-01-01' }),
    ];
    const statement = incomeStatement(entries, { startDate: '2024-01-01', endDate: '2024-01-01' });
    expect(Object.keys(statement.expenses)).toEqual(['__proto__']);
    expect(statement.totalExpenses).toBe(5);
  });

  it('is empty and zero without entries, and rejects bad ranges', () => {
    expect(financialOverview([], { asOf: '2024-01-01' })).toEqual({
      totalAssets: 0,
      totalLiabilities: 0,
      netWorth: 0,
    });
    expect(() => incomeStatement(year, { startDate: '2024-02-01', endDate: '2024-01-01' })).toThrow(
      RangeError,
    );
    expect(() => balanceSheet(year, { asOf: '31/12/2024' })).toThrow(RangeError);
  });
});

describe('statements from per-account totals (the database path)', () => {
  it('gives the same balance sheet and overview as the entries, for any ledger and day', () => {
    fc.assert(
      fc.property(ledger, statementDay, (entries, asOf) => {
        const totals = netByAccount(entries, (date) => date <= asOf);
        expect(balanceSheetFromTotals(totals)).toEqual(balanceSheet(entries, { asOf }));
        expect(financialOverviewFromTotals(totals)).toEqual(financialOverview(entries, { asOf }));
      }),
    );
  });

  it('is zero without totals, and refuses totals that do not net to zero', () => {
    expect(financialOverviewFromTotals(new Map())).toEqual({
      totalAssets: 0,
      totalLiabilities: 0,
      netWorth: 0,
    });
    const oneSided = new Map([
      ['cash', 1_000],
      ['income:produce_sales', -999],
    ] as const);
    expect(() => balanceSheetFromTotals(oneSided)).toThrow(/do not balance/);
  });
});
