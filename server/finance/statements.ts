// Financial statements computed from a farm's journal entries: balances, trial balance, income statement, balance sheet.
import { addCents, sumCents } from '../../contract/money';
import {
  type Account,
  ASSET_ACCOUNTS,
  type AssetAccount,
  accountType,
  categoryOf,
  EQUITY_ACCOUNTS,
  type EquityAccount,
  isDebitNormal,
  LIABILITY_ACCOUNTS,
  type LiabilityAccount,
  sortAccounts,
} from './accounts';
import { assertDateRange, assertIsoDate, type DateRange } from './periods';
import { assertBalanced, type JournalEntry } from './posting';

export interface AsOf {
  /** Inclusive: entries dated on this day count. */
  readonly asOf: string;
}

export interface TrialBalanceRow {
  readonly account: Account;
  readonly debit: number;
  readonly credit: number;
}

export interface TrialBalance {
  readonly rows: TrialBalanceRow[];
  readonly totalDebit: number;
  readonly totalCredit: number;
}

export interface IncomeStatement {
  /** Net income per category over the period; categories that net to zero are left out. */
  readonly income: Record<string, number>;
  readonly expenses: Record<string, number>;
  readonly totalIncome: number;
  readonly totalExpenses: number;
  readonly netIncome: number;
}

export interface BalanceSheet {
  readonly assets: Record<AssetAccount, number>;
  readonly liabilities: Record<LiabilityAccount, number>;
  /** retained_earnings includes the cumulative net income to asOf, so the sheet always balances. */
  readonly equity: Record<EquityAccount, number>;
  readonly totalAssets: number;
  readonly totalLiabilities: number;
  readonly totalEquity: number;
}

export interface FinancialOverview {
  readonly totalAssets: number;
  readonly totalLiabilities: number;
  readonly netWorth: number;
}

/**
 * Debit-minus-credit per account over the entries whose date passes `include`. Every entry is validated,
 * in or out of range, so a corrupt stored entry fails loudly instead of skewing a statement.
 */
export function netByAccount(
  entries: readonly JournalEntry[],
  include: (date: string) => boolean,
): Map<Account, number> {
  const totals = new Map<Account, number>();
  for (const entry of entries) {
    assertBalanced(entry);
    if (!include(entry.date)) {
      continue;
    }
    for (const line of entry.lines) {
      totals.set(line.account, addCents(totals.get(line.account) ?? 0, line.debit - line.credit));
    }
  }
  return totals;
}

/** A debit-minus-credit amount in the account's own sign: positive is its normal balance. */
export function naturalBalance(account: Account, debitMinusCredit: number): number {
  return isDebitNormal(account) ? debitMinusCredit : 0 - debitMinusCredit;
}

/** Natural-sign balance of every balance-sheet account and every account the entries touched, as of a day. */
export function balances(entries: readonly JournalEntry[], { asOf }: AsOf): Record<string, number> {
  assertIsoDate(asOf, 'asOf');
  const totals = netByAccount(entries, (date) => date <= asOf);
  const accounts = new Set<Account>([
    ...ASSET_ACCOUNTS,
    ...LIABILITY_ACCOUNTS,
    ...EQUITY_ACCOUNTS,
    ...totals.keys(),
  ]);
  return Object.fromEntries(
    sortAccounts([...accounts]).map((account) => [
      account,
      naturalBalance(account, totals.get(account) ?? 0),
    ]),
  );
}

/** Each touched account's balance on its debit or credit side, as of a day; the two totals are always equal. */
export function trialBalance(entries: readonly JournalEntry[], { asOf }: AsOf): TrialBalance {
  assertIsoDate(asOf, 'asOf');
  const totals = netByAccount(entries, (date) => date <= asOf);
  const rows = sortAccounts([...totals.keys()]).map((account) => {
    const net = totals.get(account) ?? 0;
    return { account, debit: Math.max(net, 0), credit: Math.max(0 - net, 0) };
  });
  return {
    rows,
    totalDebit: sumCents(rows.map((row) => row.debit)),
    totalCredit: sumCents(rows.map((row) => row.credit)),
  };
}

/** Income and expenses by category over an inclusive date range. */
export function incomeStatement(entries: readonly JournalEntry[], range: DateRange): IncomeStatement {
  assertDateRange(range);
  const totals = netByAccount(entries, (date) => date >= range.startDate && date <= range.endDate);
  const income = categoryTotals(totals, 'income');
  const expenses = categoryTotals(totals, 'expense');
  const totalIncome = sumCents(Object.values(income));
  const totalExpenses = sumCents(Object.values(expenses));
  return { income, expenses, totalIncome, totalExpenses, netIncome: totalIncome - totalExpenses };
}

function categoryTotals(totals: Map<Account, number>, type: 'income' | 'expense'): Record<string, number> {
  const accounts = sortAccounts([...totals.keys()].filter((account) => accountType(account) === type));
  // Object.fromEntries defines own properties, so a free-text category named "__proto__" stays a plain key.
  return Object.fromEntries(
    accounts
      .map(
        (account) =>
          [categoryOf(account) ?? account, naturalBalance(account, totals.get(account) ?? 0)] as const,
      )
      .filter(([, amount]) => amount !== 0),
  );
}

/** Assets, liabilities and equity as of a day; totalAssets = totalLiabilities + totalEquity to the cent. */
export function balanceSheet(entries: readonly JournalEntry[], { asOf }: AsOf): BalanceSheet {
  assertIsoDate(asOf, 'asOf');
  return balanceSheetFromTotals(netByAccount(entries, (date) => date <= asOf));
}

/**
 * The balance sheet from debit-minus-credit totals per account (netByAccount's, or the database's own sums), so
 * every path shares these rules. Balanced entries make the totals net to zero and the sheet balance; a sheet that
 * does not throws, since the database path cannot check each entry as netByAccount does.
 */
export function balanceSheetFromTotals(totals: ReadonlyMap<Account, number>): BalanceSheet {
  const balanceOf = (account: Account) => naturalBalance(account, totals.get(account) ?? 0);
  const netIncomeToDate = sumCents(
    [...totals.keys()]
      .filter((account) => accountType(account) === 'income' || accountType(account) === 'expense')
      .map((account) => 0 - (totals.get(account) ?? 0)),
  );
  const assets = recordOf(ASSET_ACCOUNTS, balanceOf);
  const liabilities = recordOf(LIABILITY_ACCOUNTS, balanceOf);
  const equity = recordOf(EQUITY_ACCOUNTS, (account) =>
    account === 'retained_earnings' ? addCents(balanceOf(account), netIncomeToDate) : balanceOf(account),
  );
  const totalAssets = sumCents(Object.values(assets));
  const totalLiabilities = sumCents(Object.values(liabilities));
  const totalEquity = sumCents(Object.values(equity));
  if (totalAssets !== addCents(totalLiabilities, totalEquity)) {
    throw new RangeError(
      `ledger totals do not balance: assets ${totalAssets} ≠ liabilities ${totalLiabilities} + equity ${totalEquity}`,
    );
  }
  return { assets, liabilities, equity, totalAssets, totalLiabilities, totalEquity };
}

/** The dashboard's headline figures as of a day; net worth = assets − liabilities = equity. */
export function financialOverview(entries: readonly JournalEntry[], options: AsOf): FinancialOverview {
  return overviewOf(balanceSheet(entries, options));
}

/** The headline figures from debit-minus-credit totals per account, as balanceSheetFromTotals reads them. */
export function financialOverviewFromTotals(totals: ReadonlyMap<Account, number>): FinancialOverview {
  return overviewOf(balanceSheetFromTotals(totals));
}

function overviewOf(sheet: BalanceSheet): FinancialOverview {
  return {
    totalAssets: sheet.totalAssets,
    totalLiabilities: sheet.totalLiabilities,
    netWorth: sheet.totalAssets - sheet.totalLiabilities,
  };
}

function recordOf<K extends Account>(keys: readonly K[], value: (key: K) => number): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, number>;
}
