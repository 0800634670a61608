// The farm's accounts, their statement order, and which accounts a transaction's category and payment method post to.
import { CATEGORY_INFO, findCategory, type TransactionType } from '../../contract/finance-categories';

export const ASSET_ACCOUNTS = [
  'cash',
  'mobile_money',
  'bank',
  'receivables',
  'inventory',
  'equipment',
] as const;
export const LIABILITY_ACCOUNTS = ['loans', 'payables'] as const;
export const EQUITY_ACCOUNTS = ['owner_equity', 'retained_earnings'] as const;
/** The money the farm can spend now; cash-flow statements track exactly these. */
export const CASH_ACCOUNTS = ['cash', 'mobile_money', 'bank'] as const;

export type AssetAccount = (typeof ASSET_ACCOUNTS)[number];
export type LiabilityAccount = (typeof LIABILITY_ACCOUNTS)[number];
export type EquityAccount = (typeof EQUITY_ACCOUNTS)[number];
export type CashAccount = (typeof CASH_ACCOUNTS)[number];
export type IncomeAccount = `income:${string}`;
export type ExpenseAccount = `expense:${string}`;
export type Account = AssetAccount | LiabilityAccount | EquityAccount | IncomeAccount | ExpenseAccount;
export type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export type CashFlowClass = 'operating' | 'investing' | 'financing';

const ACCOUNT_TYPE_ORDER: readonly AccountType[] = ['asset', 'liability', 'equity', 'income', 'expense'];

export function incomeAccount(category: string): IncomeAccount {
  return `income:${category}`;
}

export function expenseAccount(category: string): ExpenseAccount {
  return `expense:${category}`;
}

/** The type of a ledger account; throws RangeError for a string that is not an account. */
export function accountType(account: string): AccountType {
  if ((ASSET_ACCOUNTS as readonly string[]).includes(account)) {
    return 'asset';
  }
  if ((LIABILITY_ACCOUNTS as readonly string[]).includes(account)) {
    return 'liability';
  }
  if ((EQUITY_ACCOUNTS as readonly string[]).includes(account)) {
    return 'equity';
  }
  if (/^income:./s.test(account)) {
    return 'income';
  }
  if (/^expense:./s.test(account)) {
    return 'expense';
  }
  throw new RangeError(`unknown ledger account '${account}'`);
}

export function isAccount(value: string): value is Account {
  try {
    accountType(value);
    return true;
  } catch {
    return false;
  }
}

export function isCashAccount(account: string): account is CashAccount {
  return (CASH_ACCOUNTS as readonly string[]).includes(account);
}

/** Assets and expenses grow with debits; liabilities, equity and income grow with credits. */
export function isDebitNormal(account: Account): boolean {
  const type = accountType(account);
  return type === 'asset' || type === 'expense';
}

/** Income and expense accounts hold the category after the prefix. */
export function categoryOf(account: Account): string | undefined {
  const type = accountType(account);
  return type === 'income' || type === 'expense' ? account.slice(type.length + 1) : undefined;
}

/**
 * The cash-flow section a cash movement belongs to, by its counter-account: earning and working capital
 * (income, expenses, receivables, payables, inventory) are operating; equipment is investing; loans and
 * owner equity are financing. Retained earnings only move through owner distributions, so financing too.
 */
export function cashFlowClass(account: Account): CashFlowClass {
  if (account === 'equipment') {
    return 'investing';
  }
  if (account === 'loans' || account === 'owner_equity' || account === 'retained_earnings') {
    return 'financing';
  }
  return 'operating';
}

/**
 * The money account a payment method moves (after trimming, lower-casing, and turning spaces or hyphens into `_`):
 * - `cash` → cash
 * - `mobile_money`, `mobile`, `momo` → mobile_money
 * - `bank`, `bank_transfer`, `transfer`, `card`, `cheque`, `check` → bank
 * - `credit` → receivables for income (the buyer owes us), payables for expense (we owe the supplier)
 * - anything else, empty, null or undefined → cash (most farm transactions are cash, and a wrong guess
 *   still keeps the books balanced).
 */
export function moneyAccountFor(paymentMethod: string | null | undefined, type: TransactionType): Account {
  const key = (paymentMethod ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === 'credit') {
    return type === 'income' ? 'receivables' : 'payables';
  }
  return PAYMENT_METHOD_ACCOUNTS[key] ?? 'cash';
}

const PAYMENT_METHOD_ACCOUNTS: Readonly<Partial<Record<string, CashAccount>>> = {
  cash: 'cash',
  mobile_money: 'mobile_money',
  mobile: 'mobile_money',
  momo: 'mobile_money',
  bank: 'bank',
  bank_transfer: 'bank',
  transfer: 'bank',
  card: 'bank',
  cheque: 'bank',
  check: 'bank',
};

/**
 * The category key a transaction is booked under: a known category matched case-insensitively, otherwise the
 * trimmed free text; empty text falls back to other_income / other_expense.
 */
export function normalizeCategory(category: string, type: TransactionType): string {
  const trimmed = category.trim();
  if (trimmed === '') {
    return type === 'income' ? 'other_income' : 'other_expense';
  }
  return findCategory(trimmed) ?? trimmed;
}

/**
 * The account on the other side of the money: investing and financing categories hit the balance sheet
 * (equipment, loans, owner_equity) so they never touch income or expense; known operating categories hit
 * their own income or expense account whatever the type (an `expense` in produce_sales is a refund that
 * reduces sales); free-text categories are operating categories of the transaction's type.
 */
export function counterAccountFor(category: string, type: TransactionType): Account {
  const key = normalizeCategory(category, type);
  const known = findCategory(key);
  if (known === undefined) {
    return type === 'income' ? incomeAccount(key) : expenseAccount(key);
  }
  switch (known) {
    case 'equipment_purchase':
    case 'equipment_sale':
      return 'equipment';
    case 'loan_received':
    case 'loan_repayment':
      return 'loans';
    case 'owner_contribution':
    case 'owner_withdrawal':
      return 'owner_equity';
    default:
      return CATEGORY_INFO[known].type === 'income' ? incomeAccount(known) : expenseAccount(known);
  }
}

/** Statement order: assets, liabilities, equity, income, expenses; fixed accounts in chart order, then by name. */
export function sortAccounts<T extends Account>(accounts: readonly T[]): T[] {
  return [...accounts].sort((a, b) => {
    const byType = ACCOUNT_TYPE_ORDER.indexOf(accountType(a)) - ACCOUNT_TYPE_ORDER.indexOf(accountType(b));
    return byType || fixedRank(a) - fixedRank(b) || compareCodeUnits(a, b);
  });
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  return a < b ? -1 : 1;
}

const FIXED_ORDER: readonly string[] = [...ASSET_ACCOUNTS, ...LIABILITY_ACCOUNTS, ...EQUITY_ACCOUNTS];

function fixedRank(account: Account): number {
  const index = FIXED_ORDER.indexOf(account);
  return index === -1 ? FIXED_ORDER.length : index;
}
