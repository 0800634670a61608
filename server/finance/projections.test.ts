// Tests for monthly projections and the monthly history they start from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './periods';
import { postSale, postTransaction, reverseEntry } from './posting';
import { type MonthlyTotals, monthlyHistory, projectionStart, projectMonths } from './projections';

const row = (month: string, incomeCents: number, expenseCents: number): MonthlyTotals => ({
  month,
  incomeCents,
  expenseCents,
});

describe('projectionStart', () => {
  it('starts after the last month with actuals, even the month under way', () => {
    const history = [row('2024-09', 100, 0), row('2024-10', 0, 0), row('2024-11', 0, 40)];
    expect(projectionStart(history, '2024-11')).toBe('2024-12');
  });

  it('starts this month when it has no actuals yet, or the farm has been quiet', () => {
    expect(projectionStart([row('2024-09', 100, 0), row('2024-10', 0, 0)], '2024-11')).toBe('2024-11');
    expect(projectionStart([row('2024-10', 0, 0), row('2024-11', 0, 0)], '2024-11')).toBe('2024-11');
    expect(projectionStart([], '2024-11')).toBe('2024-11');
  });

  it('starts after actuals dated ahead of today', () => {
    expect(projectionStart([row('2025-02', 5, 0)], '2024-11')).toBe('2025-03');
  });
});

describe('projectMonths', () => {
  it('projects zeros without history', () => {
    expect(projectMonths([], { fromMonth: '2024-11', months: 3 })).toEqual([
      { month: '2024-11', income: 0, expense: 0, method: 'no_history' },
      { month: '2024-12', income: 0, expense: 0, method: 'no_history' },
      { month: '2025-01', income: 0, expense: 0, method: 'no_history' },
    ]);
  });

  it('averages the months available when fewer than 3, rounding half up', () => {
    const projection = projectMonths([row('2024-01', 100, 50), row('2024-02', 200, 101)], {
      fromMonth: '2024-03',
    });
    expect(projection).toHaveLength(6);
    expect(projection[0]).toEqual({
      month: '2024-03',
      income: 150,
      expense: 76,
      method: 'trailing_3_month_average',
    });
    expect(projection[5]).toEqual({
      month: '2024-08',
      income: 150,
      expense: 76,
      method: 'trailing_3_month_average',
    });
  });

  it('averages the last 3 months, counting quiet months as zero', () => {
    const projection = projectMonths([row('2024-01', 300, 0), row('2024-04', 600, 10)], {
      fromMonth: '2024-06',
      months: 1,
    });
    expect(projection).toEqual([
      { month: '2024-06', income: 200, expense: 3, method: 'trailing_3_month_average' },
    ]);
  });

  it('repeats the same month last year once a full year is known', () => {
    const history = Array.from({ length: 12 }, (_, index) =>
      row(addMonths('2023-01', index), (index + 1) * 100, 7),
    );
    const projection = projectMonths(history, { fromMonth: '2024-01', months: 14 });
    expect(projection[0]).toEqual({
      month: '2024-01',
      income: 100,
      expense: 7,
      method: 'same_month_last_year',
    });
    expect(projection[11]).toEqual({
      month: '2024-12',
      income: 1200,
      expense: 7,
      method: 'same_month_last_year',
    });
    expect(projection[12]).toEqual({
      month: '2025-01',
      income: 100,
      expense: 7,
      method: 'same_month_last_year',
    });
    expect(projection[13]?.income).toBe(200);
  });

  it('ignores history from fromMonth on and sums duplicate months', () => {
    const projection = projectMonths(
      [row('2024-01', 100, 0), row('2024-01', 50, 0), row('2024-02', 9999, 9999)],
      {
        fromMonth: '2024-02',
        months: 1,
      },
    );
    expect(projection).toEqual([
      { month: '2024-02', income: 150, expense: 0, method: 'trailing_3_month_average' },
    ]);
  });

  it('rejects bad options', () => {
    expect(() => projectMonths([], { fromMonth: '2024-13' })).toThrow(RangeError);
    expect(() => projectMonths([], { fromMonth: '2024-01', months: -1 })).toThrow(RangeError);
    expect(() => projectMonths([], { fromMonth: '2024-01', months: 1.5 })).toThrow(RangeError);
    expect(projectMonths([row('2023-01', 1, 1)], { fromMonth: '2024-01', months: 0 })).toEqual([]);
  });

  it('projects consecutive months by a documented method (property)', () => {
    const month = fc.integer({ min: 0, max: 36 }).map((offset) => addMonths('2022-01', offset));
    const history = fc.array(
      fc.record({
        month,
        incomeCents: fc.integer({ min: 0, max: 1e10 }),
        expenseCents: fc.integer({ min: 0, max: 1e10 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(history, month, fc.integer({ min: 0, max: 30 }), (rows, fromMonth, months) => {
        const projection = projectMonths(rows, { fromMonth, months });
        expect(projection.map((projected) => projected.month)).toEqual(
          Array.from({ length: months }, (_, index) => addMonths(fromMonth, index)),
        );
        const earlier = rows.filter((history) => history.month < fromMonth);
        for (const [index, projected] of projection.entries()) {
          expect(Number.isSafeInteger(projected.income) && Number.isSafeInteger(projected.expense)).toBe(
            true,
          );
          if (earlier.length === 0) {
            expect(projected).toMatchObject({ income: 0, expense: 0, method: 'no_history' });
          } else if (projected.method === 'same_month_last_year' && index < 12) {
            const lastYear = earlier.filter((history) => history.month === addMonths(projected.month, -12));
            expect(projected.income).toBe(
              lastYear.reduce((total, history) => total + history.incomeCents, 0),
            );
          } else if (projected.method === 'trailing_3_month_average') {
            expect(projected).toMatchObject({
              income: projection[0]?.income,
              expense: projection[0]?.expense,
            });
          }
        }
      }),
    );
  });
});

describe('monthlyHistory', () => {
  it('totals operating income and expenses per month, with zeros for quiet months', () => {
    const seeds = postTransaction({
      type: 'expense',
      category: 'seeds',
      amountCents: 400,
      date: '2024-03-09',
    });
    const entries = [
      postSale({ date: '2024-01-31', totalCents: 1000 }),
      postTransaction({ type: 'income', category: 'loan_received', amountCents: 50_000, date: '2024-01-15' }),
      seeds,
      postTransaction({ type: 'expense', category: 'fuel', amountCents: 100, date: '2024-03-20' }),
      reverseEntry(seeds),
    ];
    expect(monthlyHistory(entries)).toEqual([
      row('2024-01', 1000, 0),
      row('2024-02', 0, 0),
      row('2024-03', 0, 100),
    ]);
    expect(monthlyHistory(entries, { startMonth: '2023-12', endMonth: '2024-01' })).toEqual([
      row('2023-12', 0, 0),
      row('2024-01', 1000, 0),
    ]);
    expect(monthlyHistory([])).toEqual([]);
  });
});
