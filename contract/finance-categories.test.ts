// Tests for the shared transaction category list.
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_INFO,
  categoriesForType,
  findCategory,
  TRANSACTION_CATEGORIES,
  transactionCategorySchema,
} from './finance-categories';

describe('finance categories', () => {
  it('describes every category exactly once', () => {
    expect(new Set(TRANSACTION_CATEGORIES).size).toBe(TRANSACTION_CATEGORIES.length);
    expect(Object.keys(CATEGORY_INFO).sort()).toEqual([...TRANSACTION_CATEGORIES].sort());
  });

  it('splits categories between income and expense forms', () => {
    expect(categoriesForType('income')).toEqual([
      'produce_sales',
      'livestock_sales',
      'subsidy',
      'other_income',
      'equipment_sale',
      'loan_received',
      'owner_contribution',
    ]);
    expect(categoriesForType('expense')).toContain('loan_repayment');
    expect(categoriesForType('expense')).not.toContain('produce_sales');
  });

  it('matches known categories case-insensitively', () => {
    expect(findCategory('  Seeds ')).toBe('seeds');
    expect(findCategory('irrigation')).toBeUndefined();
    expect(transactionCategorySchema.safeParse('fuel').success).toBe(true);
    expect(transactionCategorySchema.safeParse('irrigation').success).toBe(false);
  });
});
