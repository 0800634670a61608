import { describe, expect, it } from 'vitest';
import type { TTransaction } from '../../../../contract/finance';
import { trendPoints } from './trend-points';

const tx = (date: string, type: 'income' | 'expense', amount: number, reversed = false): TTransaction => ({
  id: 1,
  farmId: 1,
  type,
  category: 'x',
  amount,
  description: null,
  date,
  paymentMethod: null,
  reference: null,
  reversed,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('trendPoints', () => {
  it('sums each day exactly in cents, income up and expenses down, oldest first', () => {
    expect(
      trendPoints([
        tx('2026-03-02', 'income', 0.1),
        tx('2026-03-01', 'expense', 5),
        tx('2026-03-02', 'income', 0.2),
      ]),
    ).toEqual([
      { date: '2026-03-01', amount: -5 },
      { date: '2026-03-02', amount: 0.3 },
    ]);
  });

  it('leaves reversed transactions out', () => {
    expect(trendPoints([tx('2026-03-01', 'income', 7, true), tx('2026-03-01', 'expense', 2)])).toEqual([
      { date: '2026-03-01', amount: -2 },
    ]);
  });

  it('is empty without transactions', () => {
    expect(trendPoints([])).toEqual([]);
  });
});
