// Reports and projections: statements computed from the ledger when asked, stored as generated; projection scenarios.
import type { z } from 'zod';
import type {
  ReportPeriod,
  ReportType,
  TProjections,
  TReport,
  ZReportInput,
  ZScenarioInput,
} from '../../contract/finance';
import { centsToDecimal, parseMoneyToCents } from '../../contract/money';
import type { Tx } from '../db/client';
import { farmAudience } from '../farms/farm-audience';
import { AppError } from '../http/errors';
import { awardAchievement } from '../users/achievements';
import { cashFlow } from './cash-flow';
import { presentReport, presentScenario } from './finance.present';
import { insertReport, insertScenario, listReports, listScenarios, loadEntries } from './finance.repo';
import type { ReportCents } from './finance.schema';
import { type Services, today } from './finance.service';
import { addMonths, monthOf, periodRange } from './periods';
import type { JournalEntry } from './posting';
import { monthlyHistory, projectMonths } from './projections';
import { balanceSheet, incomeStatement } from './statements';

/** The statement of a report type over a range, in cents. */
export function computeReport(
  entries: readonly JournalEntry[],
  type: ReportType,
  range: { startDate: string; endDate: string },
): ReportCents {
  switch (type) {
    case 'income_statement':
      return { ...incomeStatement(entries, range) };
    case 'balance_sheet':
      return { ...balanceSheet(entries, { asOf: range.endDate }) };
    case 'cash_flow':
      return { ...cashFlow(entries, range) };
  }
}

export function reportRange(
  period: ReportPeriod,
  startDate: string | undefined,
  endDate: string | undefined,
  asOf = today(),
): { startDate: string; endDate: string } {
  const range = periodRange(period, startDate ?? asOf);
  return { startDate: startDate ?? range.startDate, endDate: endDate ?? range.endDate };
}

export async function generateReport(
  s: Services,
  farmId: number,
  userId: number,
  input: z.output<typeof ZReportInput>,
): Promise<TReport> {
  const range = reportRange(input.period, input.startDate, input.endDate);
  if (range.startDate > range.endDate) {
    throw new AppError('badRequest', 'finance.validation.endBeforeStart');
  }
  const row = await s.db.transaction(async (tx) => {
    const entries = await loadEntries(tx, farmId);
    const created = await insertReport(tx, {
      farmId,
      type: input.type,
      period: input.period,
      ...range,
      data: computeReport(entries, input.type, range),
      createdBy: userId,
    });
    await awardAchievement(tx, s, userId, 'first_report');
    await s.bus.publish(
      tx,
      { type: 'report', id: created.id },
      farmAudience(farmId, { action: 'farm.finance.read' }),
    );
    return created;
  });
  return presentReport(row);
}

export async function reportsOf(db: Tx, farmId: number): Promise<TReport[]> {
  return (await listReports(db, farmId, 50)).map(presentReport);
}

export async function getProjections(db: Tx, farmId: number, asOf = today()): Promise<TProjections> {
  const entries = await loadEntries(db, farmId);
  // This month onwards, from complete months only (a half-month would drag the average down).
  const fromMonth = monthOf(asOf);
  const history = monthlyHistory(entries, { endMonth: addMonths(fromMonth, -1) });
  const months = projectMonths(history, { fromMonth, months: 6 }).map((m) => ({
    month: m.month,
    income: centsToDecimal(m.income),
    expense: centsToDecimal(m.expense),
    method: m.method,
  }));
  const scenarios = (await listScenarios(db, farmId)).map(presentScenario);
  return { fromMonth, months, scenarios };
}

export async function createScenario(
  s: Services,
  farmId: number,
  userId: number,
  input: z.output<typeof ZScenarioInput>,
) {
  const months = input.months.map((m) => ({
    month: m.month,
    incomeCents: parseMoneyToCents(m.income) ?? 0,
    expenseCents: parseMoneyToCents(m.expense) ?? 0,
  }));
  const row = await insertScenario(s.db, { farmId, name: input.name, months, createdBy: userId });
  return presentScenario(row);
}
