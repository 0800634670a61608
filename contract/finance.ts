// Farm finances: transactions, sales, the financial overview, reports and projections (requests and responses).
import { z } from 'zod';
import { MAX_INT4, MAX_PAGE_LIMIT } from './constants';
import { TRANSACTION_TYPES } from './finance-categories';
import { REPORT_PERIODS, REPORT_TYPES, type ReportType } from './finance-constants';
import { CURRENCY_DECIMALS, hasTooManyDecimals, MAX_AMOUNT_CENTS, parseMoneyToCents } from './money';
import { pageQuery } from './pagination';
import { parseTonsToKg, totalPastMaxAmount } from './quantity';
import { zSingleLine } from './text';

export { REPORT_PERIODS, type ReportPeriod } from './finance-constants';

export const SALE_TYPES = ['commodity', 'custom'] as const;
export const PROJECTION_METHODS = ['same_month_last_year', 'trailing_3_month_average', 'no_history'] as const;

const DATE_PREFIX =
  /^(\d{4})-(\d{2})-(\d{2})(?:$|T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$)/;

/** 'YYYY-MM-DD' of a date or ISO timestamp that names a real calendar day; null otherwise. */
export function calendarDate(text: string): string | null {
  const match = DATE_PREFIX.exec(text.trim());
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const ok =
    year >= 1900 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  return ok ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

const invalidDate = 'finance.validation.invalidDate';
/** A calendar day ('YYYY-MM-DD', or an ISO timestamp whose day is taken), read as 'YYYY-MM-DD'. */
export const ZLedgerDate = z
  .string({ error: invalidDate })
  .refine((v) => calendarDate(v) !== null, invalidDate)
  .transform((v) => calendarDate(v) ?? v);

const amountPositive = 'finance.validation.amountPositive';
/** Money typed or sent: '12,50', '12.50' or 12.5; > 0, at most the currency's decimals. */
export const ZAmount = z
  .union([z.string(), z.number()], { error: amountPositive })
  .refine((v) => !hasTooManyDecimals(v), { message: CURRENCY_DECIMALS, abort: true })
  .refine((v) => {
    const cents = parseMoneyToCents(v);
    return cents !== null && cents > 0;
  }, amountPositive)
  .refine((v) => (parseMoneyToCents(v) ?? 0) <= MAX_AMOUNT_CENTS, 'finance.validation.amountTooLarge');

const optionalText = (max: number) =>
  zSingleLine()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZTransactionInput = z.object({
  type: z.enum(TRANSACTION_TYPES).default('income'),
  category: zSingleLine({ error: 'finance.validation.categoryRequired' })
    .min(1, 'finance.validation.categoryRequired')
    .max(60),
  amount: ZAmount,
  description: optionalText(500),
  date: ZLedgerDate,
  paymentMethod: optionalText(40),
  reference: optionalText(100),
  /** The spec's form sends it; the farm is the one in the path. */
  farmId: z.unknown().optional(),
});
export type TTransactionInput = z.input<typeof ZTransactionInput>;

/** The Add Transaction form: the same rules, from text inputs. */
export const ZTransactionForm = ZTransactionInput.omit({ farmId: true });

export const ZTransaction = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  category: z.string(),
  amount: z.number(),
  description: z.string().nullable(),
  date: z.string(),
  paymentMethod: z.string().nullable(),
  reference: z.string().nullable(),
  /** Cancelled by a reversing entry booked on the day of the reversal. */
  reversed: z.boolean(),
  /** The order whose money this is (a payment received, a refund handed back): it changes only through the order. */
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT4),
  transactionId: z.coerce.number().int().positive().max(MAX_INT4),
});

export const ZTransactionQuery = z.object({
  from: ZLedgerDate.optional(),
  to: ZLedgerDate.optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  category: zSingleLine().min(1).max(60).optional(),
  // The cursor is `date.id` of the last transaction of the previous page.
  ...pageQuery({
    cursor: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, 'validation.invalidFormat')
      // Compared with a date and an integer column: an impossible day or an id past MAX_INT4 fails in PostgreSQL.
      .refine((c) => {
        const [date = '', id = ''] = c.split('.');
        return calendarDate(date) !== null && Number(id) <= MAX_INT4;
      }, 'validation.invalidFormat'),
    defaultLimit: 50,
    maxLimit: MAX_PAGE_LIMIT,
  }).shape,
});

export const ZSaleInput = z
  .object({
    commodityId: z.number().int().positive().max(MAX_INT4).nullish(),
    type: z.enum(SALE_TYPES),
    date: ZLedgerDate,
    /** Tons, at most 3 decimals. */
    quantity: z
      .union([z.string(), z.number()], { error: 'finance.validation.quantityPositive' })
      .refine((v) => {
        const kg = parseTonsToKg(v);
        return kg !== null && kg > 0 && kg <= 1_000_000_000;
      }, 'finance.validation.quantityPositive'),
    /** Per ton, at most 2 decimals. */
    pricePerUnit: ZAmount,
    buyer: optionalText(100),
    /** Paid at once (default) into the payment method's account; false leaves it receivable. */
    paid: z.boolean().default(true),
    paymentMethod: optionalText(40),
  })
  .refine((v) => v.type !== 'commodity' || (v.commodityId ?? null) !== null, {
    path: ['commodityId'],
    message: 'finance.validation.commodityRequired',
  })
  // The total (price × tons) is booked as one amount: bounded like any amount, never past what statements add.
  .refine(
    (v) => !totalPastMaxAmount(parseMoneyToCents(v.pricePerUnit) ?? 0, parseTonsToKg(v.quantity) ?? 0),
    { path: ['pricePerUnit'], message: 'finance.validation.totalTooLarge' },
  );

export const ZSale = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  commodityId: z.number().int().nullable(),
  tradeId: z.number().int().nullable(),
  type: z.enum(SALE_TYPES),
  date: z.string(),
  /** Tons. */
  quantity: z.number(),
  /** Per ton. */
  pricePerUnit: z.number(),
  totalAmount: z.number(),
  buyer: z.string().nullable(),
  /** What was sold, in the reader's language (a marketplace sale names its crop and trade). */
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type TSale = z.infer<typeof ZSale>;

export const ZFinancialOverview = z.object({
  netWorth: z.number(),
  totalAssets: z.number(),
  totalLiabilities: z.number(),
});
/** One month of the overview's trend: operating income (sales included) and expenses booked in it. */
export const ZTrendMonth = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  income: z.number(),
  expense: z.number(),
});
export type TTrendMonth = z.infer<typeof ZTrendMonth>;
export const ZFinancials = z.object({
  overview: ZFinancialOverview,
  recentTransactions: z.array(ZTransaction),
  recentSales: z.array(ZSale),
  /** The last 12 months up to today, oldest first (quiet months are zeros). */
  trend: z.array(ZTrendMonth),
});
export type TFinancials = z.infer<typeof ZFinancials>;

export const ZReportInput = z
  .object({
    type: z.enum(REPORT_TYPES),
    period: z.enum(REPORT_PERIODS).default('monthly'),
    farmId: z.unknown().optional(),
    /** Defaults to the start of the period containing today. */
    startDate: ZLedgerDate.optional(),
    /** Defaults to the end of the period containing startDate. */
    endDate: ZLedgerDate.optional(),
    /** Ignored: the server computes the figures from the ledger. */
    data: z.unknown().optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    path: ['endDate'],
    message: 'finance.validation.endBeforeStart',
  });

/** Report figures: money amounts (decimals) nested under section and account or category names. */
export type TReportData = { [key: string]: number | TReportData };
// Recursive: named, so the OpenAPI document holds it once as a component that refers to itself.
export const ZReportData: z.ZodType<TReportData> = z
  .record(z.string(), z.union([z.number(), z.lazy(() => ZReportData)]))
  .meta({ id: 'ReportData' });

/** Display and export order of each report's figures (PostgreSQL's jsonb does not keep key order). */
export const REPORT_KEYS: Record<ReportType, readonly string[]> = {
  income_statement: ['income', 'expenses', 'totalIncome', 'totalExpenses', 'netIncome'],
  balance_sheet: ['assets', 'liabilities', 'equity', 'totalAssets', 'totalLiabilities', 'totalEquity'],
  cash_flow: ['operating', 'investing', 'financing', 'netChange', 'openingCash', 'closingCash'],
};
/** Accounts in statement order; categories follow TRANSACTION_CATEGORIES, then free text alphabetically. */
export const BALANCE_ACCOUNT_ORDER = [
  'cash',
  'mobile_money',
  'bank',
  'receivables',
  'inventory',
  'equipment',
  'loans',
  'payables',
  'owner_equity',
  'retained_earnings',
] as const;

export const ZReport = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  type: z.enum(REPORT_TYPES),
  period: z.enum(REPORT_PERIODS),
  startDate: z.string(),
  endDate: z.string(),
  data: ZReportData,
  createdAt: z.string(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZReportParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT4),
  reportId: z.coerce.number().int().positive().max(MAX_INT4),
});

export const ZProjectedMonth = z.object({
  month: z.string(),
  income: z.number(),
  expense: z.number(),
  method: z.enum(PROJECTION_METHODS),
  /** Income forward agreements have contracted for the month (still to deliver, at today's price by their rule). */
  contracted: z.number(),
});
export const ZScenarioMonthInput = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'finance.validation.month'),
  income: z
    .union([z.string(), z.number()])
    .refine((v) => parseMoneyToCents(v) !== null, 'finance.validation.amount'),
  expense: z
    .union([z.string(), z.number()])
    .refine((v) => parseMoneyToCents(v) !== null, 'finance.validation.amount'),
});
export const ZScenarioInput = z.object({
  name: zSingleLine().min(1).max(80),
  months: z.array(ZScenarioMonthInput).min(1).max(24),
});
export const ZScenario = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  name: z.string(),
  months: z.array(z.object({ month: z.string(), income: z.number(), expense: z.number() })),
  createdAt: z.string(),
});
export const ZProjections = z.object({
  fromMonth: z.string(),
  months: z.array(ZProjectedMonth),
  scenarios: z.array(ZScenario),
});
export type TProjections = z.infer<typeof ZProjections>;
