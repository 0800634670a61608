// Property tests of the ledger's invariants over random event histories, across posting, statements and periods.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashFlow } from './cash-flow';
import { amount, DAYS, day, FIRST_DAY, ledger, paymentMethod, statementDay } from './ledger.arbitraries';
import { addDays } from './periods';
import { assertBalanced, type JournalEntry, postTransaction, reverseEntry } from './posting';
import { monthlyHistory } from './projections';
import {
  type BalanceSheet,
  balanceSheet,
  balances,
  financialOverview,
  incomeStatement,
  trialBalance,
} from './statements';

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
        expect(flow.openingCash).toBe(cashOf(balanceSheet(entries, { asOf: addDays(startDate, -1) })));
        expect(flow.closingCash).toBe(cashOf(balanceSheet(entries, { asOf: endDate })));
      }),
    );
  });

  it('makes net income of a period equal the change in retained earnings over it', () => {
    fc.assert(
      fc.property(ledger, dateRange, (entries, [startDate, endDate]) => {
        const statement = incomeStatement(entries, { startDate, endDate });
        const before = balanceSheet(entries, { asOf: addDays(startDate, -1) }).equity.retained_earnings;
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
