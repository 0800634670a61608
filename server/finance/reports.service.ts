// Reports and projections: statements computed from the ledger when asked, stored as generated; projection scenarios.
import type { z } from 'zod';
import { ZCropKey } from '../../contract/crops';
import type { ReportPeriod, ZReportInput, ZScenarioInput } from '../../contract/finance';
import type { ReportType } from '../../contract/finance-constants';
import { parseMoneyToCents } from '../../contract/money';
import type { AppContext } from '../context';
import type { FarmRow } from '../farms';
import { booksAudience, seasonDays } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { awardAchievement } from '../users';
import { cashFlow } from './cash-flow';
import { loadEntries } from './finance.repo';
import type { ReportCents } from './finance.schema';
import { type BooksFarm, today } from './finance.service';
import { contractedIncome } from './hooks';
import { addDays, addMonths, monthOf, periodRange } from './periods';
import type { JournalEntry } from './posting';
import { monthlyHistory, type ProjectedMonth, projectionStart, projectMonths } from './projections';
import {
  findReport,
  insertReport,
  insertScenario,
  listReports,
  listScenarios,
  type ReportRow,
  type ScenarioRow,
} from './reports.repo';
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

/** The farm's season a `season` report covers by default: its planting date and crop. */
export type SeasonFarm = Pick<FarmRow, 'plantingDate' | 'crop'>;

export function reportRange(
  period: ReportPeriod,
  startDate: string | undefined,
  endDate: string | undefined,
  farm: SeasonFarm,
  asOf = today(),
): { startDate: string; endDate: string } {
  if (period === 'season') {
    const start = startDate ?? farm.plantingDate;
    const crop = ZCropKey.safeParse(farm.crop);
    // A crop outside the table has no known cycle: the season runs to today, as far as the books go.
    const end = crop.success ? addDays(start, seasonDays(crop.data) - 1) : asOf;
    return { startDate: start, endDate: endDate ?? end };
  }
  const range = periodRange(period, startDate ?? asOf);
  return { startDate: startDate ?? range.startDate, endDate: endDate ?? range.endDate };
}

type Books = { farm: Pick<BooksFarm, 'id'> & SeasonFarm };

export async function generateReport(
  ctx: AppContext,
  options: Books & { actor: Pick<SessionUser, 'id'>; input: z.output<typeof ZReportInput> },
): Promise<ReportRow> {
  const { input } = options;
  const farmId = options.farm.id;
  const userId = options.actor.id;
  const range = reportRange(input.period, input.startDate, input.endDate, options.farm);
  if (range.startDate > range.endDate) {
    throw new AppError('badRequest', 'finance.validation.endBeforeStart');
  }
  return ctx.db.transaction(async (tx) => {
    const entries = await loadEntries(tx, farmId);
    const created = await insertReport(tx, {
      farmId,
      type: input.type,
      period: input.period,
      ...range,
      data: computeReport(entries, input.type, range),
      createdBy: userId,
    });
    await awardAchievement(tx, ctx, userId, 'first_report');
    await ctx.bus.publish(tx, { type: 'report', id: created.id }, booksAudience(farmId));
    return created;
  });
}

/** The farm's latest reports, newest first. */
export async function reportsOf(ctx: AppContext, options: Books): Promise<ReportRow[]> {
  return listReports(ctx.db, options.farm.id, 50);
}

/** One of the farm's reports, or null. */
export function reportOf(ctx: AppContext, options: { farm: Pick<BooksFarm, 'id'> }, reportId: number) {
  return findReport(ctx.db, options.farm.id, reportId);
}

/** Six months projected from the farm's own history (in cents), with its stored scenarios. */
export interface Projections {
  fromMonth: string;
  months: ProjectedMonth[];
  /** Of each month, the income forward agreements have contracted (cents; not part of the guess). */
  contracted: ReadonlyMap<string, number>;
  scenarios: ScenarioRow[];
}

export async function getProjections(
  ctx: AppContext,
  options: { farm: Pick<BooksFarm, 'id' | 'ownerId'> & SeasonFarm; asOf?: string },
): Promise<Projections> {
  const farmId = options.farm.id;
  const entries = await loadEntries(ctx.db, farmId);
  // From the month after the last one with actuals (this month when it has none yet): a month with figures is
  // reported, not guessed.
  const fromMonth = projectionStart(monthlyHistory(entries), monthOf(options.asOf ?? today()));
  const history = monthlyHistory(entries, { endMonth: addMonths(fromMonth, -1) });
  const months = projectMonths(history, { fromMonth, months: 6 });
  const scenarios = await listScenarios(ctx.db, farmId);
  const contracted = await contractedIncome.call(
    ctx,
    options.farm,
    months.map((m) => m.month),
  );
  return { fromMonth, months, contracted, scenarios };
}

export async function createScenario(
  ctx: AppContext,
  options: Books & { actor: Pick<SessionUser, 'id'>; input: z.output<typeof ZScenarioInput> },
): Promise<ScenarioRow> {
  const months = options.input.months.map((m) => ({
    month: m.month,
    incomeCents: parseMoneyToCents(m.income) ?? 0,
    expenseCents: parseMoneyToCents(m.expense) ?? 0,
  }));
  return insertScenario(ctx.db, {
    farmId: options.farm.id,
    name: options.input.name,
    months,
    createdBy: options.actor.id,
  });
}
