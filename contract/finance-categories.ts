// Farm-ledger transaction categories and payment methods, shared by the web forms and the server ledger.
import { z } from 'zod';

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const OPERATING_INCOME_CATEGORIES = [
  'produce_sales',
  'livestock_sales',
  'subsidy',
  'other_income',
] as const;

export const OPERATING_EXPENSE_CATEGORIES = [
  'seeds',
  'fertilizer',
  'pesticides',
  'labour',
  'fuel',
  'transport',
  'rent',
  'repairs',
  'veterinary',
  'utilities',
  /** An agent's commission on a sale they arranged. */
  'commission',
  'other_expense',
] as const;

/** Cash ↔ equipment: changes what the farm owns, not what it earns. */
export const INVESTING_CATEGORIES = ['equipment_purchase', 'equipment_sale'] as const;

/** Cash ↔ loans or owner equity: changes how the farm is funded, not what it earns. */
export const FINANCING_CATEGORIES = [
  'loan_received',
  'loan_repayment',
  'owner_contribution',
  'owner_withdrawal',
] as const;

export const TRANSACTION_CATEGORIES = [
  ...OPERATING_INCOME_CATEGORIES,
  ...OPERATING_EXPENSE_CATEGORIES,
  ...INVESTING_CATEGORIES,
  ...FINANCING_CATEGORIES,
] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

export type CategoryKind = 'operating' | 'investing' | 'financing';

export interface CategoryInfo {
  readonly kind: CategoryKind;
  /** The usual direction of money: income = money in, expense = money out. */
  readonly type: TransactionType;
}

export const CATEGORY_INFO: Readonly<Record<TransactionCategory, CategoryInfo>> = {
  produce_sales: { kind: 'operating', type: 'income' },
  livestock_sales: { kind: 'operating', type: 'income' },
  subsidy: { kind: 'operating', type: 'income' },
  other_income: { kind: 'operating', type: 'income' },
  seeds: { kind: 'operating', type: 'expense' },
  fertilizer: { kind: 'operating', type: 'expense' },
  pesticides: { kind: 'operating', type: 'expense' },
  labour: { kind: 'operating', type: 'expense' },
  fuel: { kind: 'operating', type: 'expense' },
  transport: { kind: 'operating', type: 'expense' },
  rent: { kind: 'operating', type: 'expense' },
  repairs: { kind: 'operating', type: 'expense' },
  veterinary: { kind: 'operating', type: 'expense' },
  utilities: { kind: 'operating', type: 'expense' },
  commission: { kind: 'operating', type: 'expense' },
  other_expense: { kind: 'operating', type: 'expense' },
  equipment_purchase: { kind: 'investing', type: 'expense' },
  equipment_sale: { kind: 'investing', type: 'income' },
  loan_received: { kind: 'financing', type: 'income' },
  loan_repayment: { kind: 'financing', type: 'expense' },
  owner_contribution: { kind: 'financing', type: 'income' },
  owner_withdrawal: { kind: 'financing', type: 'expense' },
};

/** Known categories whose usual direction matches `type`, in display order (for form dropdowns). */
export function categoriesForType(type: TransactionType): TransactionCategory[] {
  return TRANSACTION_CATEGORIES.filter((category) => CATEGORY_INFO[category].type === type);
}

/** The known category matching free text, ignoring case and surrounding spaces; undefined for custom categories. */
export function findCategory(text: string): TransactionCategory | undefined {
  const key = text.trim().toLowerCase();
  return TRANSACTION_CATEGORIES.find((category) => category === key);
}

/** Payment methods offered by the forms; the ledger also tolerates free text (see server/finance/accounts). */
export const PAYMENT_METHODS = ['cash', 'mobile_money', 'bank_transfer', 'card', 'cheque', 'credit'] as const;

export const transactionCategorySchema = z.enum(TRANSACTION_CATEGORIES);
