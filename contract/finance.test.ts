import { describe, expect, it } from 'vitest';
import { calendarDate, ZReportInput, ZSaleInput, ZTransactionInput } from './finance';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('calendarDate', () => {
  it('reads real days and the day of an ISO timestamp', () => {
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
    expect(calendarDate('2026-07-06T12:00:00.000Z')).toBe('2026-07-06');
    expect(calendarDate(' 2026-07-06 ')).toBe('2026-07-06');
  });

  it('rejects impossible or unparseable dates', () => {
    for (const bad of ['2023-02-29', '2026-13-01', '2026-00-10', 'tomorrow', '', '06/07/2026', '2026-7-6']) {
      expect(calendarDate(bad), bad).toBeNull();
    }
  });
});

describe('ZTransactionInput', () => {
  const valid = { category: 'seeds', amount: '12,50', date: '2026-03-01' };

  it('defaults to income and accepts amounts with a comma, a dot or as numbers', () => {
    const parsed = ZTransactionInput.parse(valid);
    expect(parsed).toMatchObject({ type: 'income', amount: '12,50', description: null, paymentMethod: null });
    expect(ZTransactionInput.safeParse({ ...valid, amount: 12.5 }).success).toBe(true);
    expect(ZTransactionInput.safeParse({ ...valid, amount: '0.01' }).success).toBe(true);
  });

  it('gives the spec messages as catalogue keys', () => {
    expect(messages(ZTransactionInput.safeParse({ ...valid, category: '  ' }))).toEqual([
      'category: finance.validation.categoryRequired',
    ]);
    for (const amount of ['0', '-1', 'abc', '', '1.234', 0, -3, Number.NaN]) {
      expect(messages(ZTransactionInput.safeParse({ ...valid, amount })), String(amount)).toEqual([
        'amount: finance.validation.amountPositive',
      ]);
    }
    expect(messages(ZTransactionInput.safeParse({ ...valid, date: '2026-02-30' }))).toEqual([
      'date: finance.validation.invalidDate',
    ]);
    expect(messages(ZTransactionInput.safeParse({ ...valid, date: undefined }))).toEqual([
      'date: finance.validation.invalidDate',
    ]);
  });
});

describe('ZSaleInput and ZReportInput', () => {
  it('needs a commodity for a commodity sale', () => {
    const sale = { type: 'commodity', date: '2026-03-01', quantity: '1,5', pricePerUnit: '200' };
    expect(messages(ZSaleInput.safeParse(sale))).toEqual([
      'commodityId: finance.validation.commodityRequired',
    ]);
    expect(ZSaleInput.safeParse({ ...sale, commodityId: 4 }).success).toBe(true);
    expect(ZSaleInput.safeParse({ ...sale, type: 'custom' }).success).toBe(true);
  });

  it('defaults the period to monthly and refuses an end before the start', () => {
    expect(ZReportInput.parse({ type: 'cash_flow' }).period).toBe('monthly');
    expect(
      messages(ZReportInput.safeParse({ type: 'cash_flow', startDate: '2026-03-02', endDate: '2026-03-01' })),
    ).toEqual(['endDate: finance.validation.endBeforeStart']);
  });
});
