// Presenters of the farm books: explicit field picks from rows, cents to the API's decimals, reports in statement order.

import type { Language } from '../../contract/constants';
import {
  BALANCE_ACCOUNT_ORDER,
  REPORT_KEYS,
  type TFinancials,
  type TProjections,
  type TReport,
  type TReportData,
  type TSale,
  type TTransaction,
} from '../../contract/finance';
import { TRANSACTION_CATEGORIES } from '../../contract/finance-categories';
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import type { CsvCell } from '../http/csv';
import { catalogueText, translate } from '../http/i18n';
import type { SaleRow, TransactionRow } from './finance.repo';
import type { ReportCents } from './finance.schema';
import type { Financials } from './finance.service';
import { memoText } from './memo-text';
import type { ReportRow, ScenarioRow } from './reports.repo';
import type { Projections } from './reports.service';

export function presentTransaction(row: TransactionRow): TTransaction {
  return {
    id: row.id,
    farmId: row.farmId,
    type: row.type,
    category: row.category,
    amount: centsToDecimal(row.amountCents),
    description: row.description,
    date: row.date,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    reversed: row.reversalEntryId !== null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSale(row: SaleRow, lang: Language): TSale {
  return {
    id: row.id,
    farmId: row.farmId,
    commodityId: row.commodityId,
    tradeId: row.tradeId,
    type: row.type,
    date: row.date,
    quantity: kgToTons(row.quantityKg),
    pricePerUnit: centsToDecimal(row.pricePerUnitCents),
    totalAmount: centsToDecimal(row.totalCents),
    buyer: row.buyer,
    description: memoText(lang, row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentFinancials(financials: Financials, lang: Language): TFinancials {
  const { overview } = financials;
  return {
    overview: {
      netWorth: centsToDecimal(overview.netWorth),
      totalAssets: centsToDecimal(overview.totalAssets),
      totalLiabilities: centsToDecimal(overview.totalLiabilities),
    },
    recentTransactions: financials.recentTransactions.map(presentTransaction),
    recentSales: financials.recentSales.map((sale) => presentSale(sale, lang)),
    trend: financials.trend.map((m) => ({
      month: m.month,
      income: centsToDecimal(m.incomeCents),
      expense: centsToDecimal(m.expenseCents),
    })),
  };
}

export function presentProjections(projections: Projections): TProjections {
  return {
    fromMonth: projections.fromMonth,
    months: projections.months.map((m) => ({
      month: m.month,
      income: centsToDecimal(m.income),
      expense: centsToDecimal(m.expense),
      method: m.method,
      contracted: centsToDecimal(projections.contracted.get(m.month) ?? 0),
    })),
    scenarios: projections.scenarios.map(presentScenario),
  };
}

const ITEM_ORDER: readonly string[] = [...BALANCE_ACCOUNT_ORDER, ...TRANSACTION_CATEGORIES];

function itemRank(key: string): number {
  const index = ITEM_ORDER.indexOf(key);
  return index === -1 ? ITEM_ORDER.length : index;
}

/** Cents to decimals, keys in statement order (jsonb gives them back sorted by length). */
function centsTree(data: ReportCents, order: readonly string[] = []): TReportData {
  const rank = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length + itemRank(key) : index;
  };
  const keys = Object.keys(data).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(
    keys.map((key) => {
      const value = data[key] ?? 0;
      return [key, typeof value === 'number' ? centsToDecimal(value) : centsTree(value)];
    }),
  );
}

export function presentReport(row: ReportRow): TReport {
  return {
    id: row.id,
    farmId: row.farmId,
    type: row.type,
    period: row.period,
    startDate: row.startDate,
    endDate: row.endDate,
    data: centsTree(row.data, REPORT_KEYS[row.type]),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentScenario(row: ScenarioRow) {
  return {
    id: row.id,
    farmId: row.farmId,
    name: row.name,
    months: row.months.map((m) => ({
      month: m.month,
      income: centsToDecimal(m.incomeCents),
      expense: centsToDecimal(m.expenseCents),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A catalogue key's text in `lang`, or `fallback` (free text a user typed) when the catalogue has none. */
function labelOr(lang: Language, key: string, fallback: string): string {
  return catalogueText(lang, key) ?? fallback;
}

const TRANSACTION_COLUMNS = [
  'id',
  'date',
  'type',
  'category',
  'amount',
  'currency',
  'description',
  'paymentMethod',
  'reference',
  'reversed',
  'createdAt',
  'order',
] as const;

/** CSV rows of transactions as the reader reads them: headers, types, categories and methods in their language. */
export function transactionRows(
  rows: readonly TTransaction[],
  lang: Language,
  currency: string,
): CsvCell[][] {
  return [
    TRANSACTION_COLUMNS.map((column) => translate(lang, `finance.csv.${column}`)),
    ...rows.map((r) => [
      r.id,
      r.date,
      translate(lang, `finance.form.${r.type}`),
      labelOr(lang, `finance.categories.${r.category}`, r.category),
      r.amount,
      currency,
      r.description,
      r.paymentMethod === null
        ? null
        : labelOr(lang, `finance.paymentMethods.${r.paymentMethod}`, r.paymentMethod),
      r.reference,
      translate(lang, r.reversed ? 'finance.csv.yes' : 'finance.csv.no'),
      r.createdAt,
      r.orderId,
    ]),
  ];
}

/** CSV rows of a report: one line per figure, section, item, amount (amounts as decimals), labels in `lang`. */
export function reportRows(report: TReport, currency: string, lang: Language): CsvCell[][] {
  const header = (column: string) => translate(lang, `finance.csv.${column}`);
  const rows: CsvCell[][] = [
    ['report', 'period', 'startDate', 'endDate', 'currency'].map(header),
    [
      translate(lang, `finance.reports.types.${report.type}`),
      translate(lang, `finance.reports.periods.${report.period}`),
      report.startDate,
      report.endDate,
      currency,
    ],
    ['section', 'item', 'amount'].map(header),
  ];
  const item = (key: string) =>
    labelOr(
      lang,
      `finance.accounts.${key}`,
      labelOr(lang, `finance.categories.${key}`, labelOr(lang, `finance.reports.figures.${key}`, key)),
    );
  for (const [key, value] of Object.entries(report.data)) {
    if (typeof value === 'number') {
      rows.push([header('total'), item(key), value]);
    } else {
      const section = labelOr(lang, `finance.reports.sections.${key}`, item(key));
      for (const [name, amount] of Object.entries(value)) {
        rows.push([section, item(name), typeof amount === 'number' ? amount : JSON.stringify(amount)]);
      }
    }
  }
  return rows;
}
