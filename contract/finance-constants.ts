// Finance constants the web's screens need at first render, without zod (contract/finance.ts holds the schemas).
export const REPORT_TYPES = ['income_statement', 'balance_sheet', 'cash_flow'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
