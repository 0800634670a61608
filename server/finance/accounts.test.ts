// Tests for the chart of accounts and the category / payment-method mapping.
import { describe, expect, it } from 'vitest';
import { TRANSACTION_CATEGORIES } from '../../contract/finance-categories';
import {
  accountType,
  cashFlowClass,
  counterAccountFor,
  isAccount,
  moneyAccountFor,
  normalizeCategory,
  sortAccounts,
} from './accounts';

describe('accounts', () => {
  it('knows the type of every account', () => {
    expect(accountType('mobile_money')).toBe('asset');
    expect(accountType('payables')).toBe('liability');
    expect(accountType('retained_earnings')).toBe('equity');
    expect(accountType('income:produce_sales')).toBe('income');
    expect(accountType('expense:irrigation')).toBe('expense');
    expect(() => accountType('income:')).toThrow(RangeError);
    expect(() => accountType('wallet')).toThrow(RangeError);
    expect(isAccount('bank')).toBe(true);
    expect(isAccount('Bank')).toBe(false);
  });

  it('classifies counter-accounts for cash flow', () => {
    expect(cashFlowClass('equipment')).toBe('investing');
    expect(cashFlowClass('loans')).toBe('financing');
    expect(cashFlowClass('owner_equity')).toBe('financing');
    expect(cashFlowClass('receivables')).toBe('operating');
    expect(cashFlowClass('expense:fuel')).toBe('operating');
  });

  it('sorts accounts in statement order: fixed accounts in chart order, then by name', () => {
    expect(
      sortAccounts([
        'expense:fuel',
        'income:produce_sales',
        'retained_earnings',
        'expense:Irrigation',
        'bank',
        'loans',
        'cash',
        'owner_equity',
      ]),
    ).toEqual([
      'cash',
      'bank',
      'loans',
      'owner_equity',
      'retained_earnings',
      'income:produce_sales',
      'expense:Irrigation',
      'expense:fuel',
    ]);
  });
});

describe('moneyAccountFor', () => {
  it.each([
    ['cash', 'income', 'cash'],
    ['mobile_money', 'expense', 'mobile_money'],
    ['Mobile Money', 'income', 'mobile_money'],
    ['momo', 'income', 'mobile_money'],
    ['bank_transfer', 'expense', 'bank'],
    ['bank', 'income', 'bank'],
    ['card', 'expense', 'bank'],
    ['cheque', 'income', 'bank'],
    ['check', 'income', 'bank'],
    ['credit', 'income', 'receivables'],
    [' CREDIT ', 'expense', 'payables'],
    ['', 'income', 'cash'],
    ['barter', 'expense', 'cash'],
    [null, 'expense', 'cash'],
    [undefined, 'income', 'cash'],
  ] as const)('%j for %s → %s', (method, type, account) => {
    expect(moneyAccountFor(method, type)).toBe(account);
  });
});

describe('counterAccountFor', () => {
  it('books investing and financing categories on the balance sheet', () => {
    expect(counterAccountFor('equipment_purchase', 'expense')).toBe('equipment');
    expect(counterAccountFor('equipment_sale', 'income')).toBe('equipment');
    expect(counterAccountFor('loan_received', 'income')).toBe('loans');
    expect(counterAccountFor('loan_repayment', 'expense')).toBe('loans');
    expect(counterAccountFor('owner_contribution', 'income')).toBe('owner_equity');
    expect(counterAccountFor('owner_withdrawal', 'expense')).toBe('owner_equity');
  });

  it('books operating categories on their own account, whatever the type', () => {
    expect(counterAccountFor('produce_sales', 'income')).toBe('income:produce_sales');
    expect(counterAccountFor('produce_sales', 'expense')).toBe('income:produce_sales');
    expect(counterAccountFor(' SEEDS ', 'expense')).toBe('expense:seeds');
  });

  it('books free text under the transaction type', () => {
    expect(counterAccountFor('Irrigation', 'expense')).toBe('expense:Irrigation');
    expect(counterAccountFor('Agritourism', 'income')).toBe('income:Agritourism');
    expect(counterAccountFor('  ', 'income')).toBe('income:other_income');
    expect(normalizeCategory('', 'expense')).toBe('other_expense');
  });

  it('maps every known category to a valid account for both types', () => {
    for (const category of TRANSACTION_CATEGORIES) {
      expect(isAccount(counterAccountFor(category, 'income'))).toBe(true);
      expect(isAccount(counterAccountFor(category, 'expense'))).toBe(true);
    }
  });
});
