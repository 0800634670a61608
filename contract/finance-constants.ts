// Finance constants the web's screens need at first render, without zod (contract/finance.ts holds the schemas).
export const REPORT_TYPES = ['income_statement', 'balance_sheet', 'cash_flow'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** `season`: from the farm's planting date (or startDate) to the end of its crop's cycle (or endDate). */
export const REPORT_PERIODS = ['monthly', 'quarterly', 'yearly', 'season'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
