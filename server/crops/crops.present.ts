// Crop rows as the API shows them (contract/crop-plans.ts): tons from kilograms, amounts from cents, derived status.
import type {
  TCropPlan,
  TCropPlanDetails,
  TCropPlanSummary,
  THarvest,
  TPlanInput,
  TPlot,
  TTask,
} from '../../contract/crop-plans';
import type { CropKey } from '../../contract/crops';
import { centsToDecimal } from '../../contract/money';
import { kgToTons } from '../../contract/quantity';
import { derivedStatus, seasonOf } from './calendar/season';
import { planTarget } from './calendar/target';
import type { PlanRow, PlotRow } from './crops.repo';
import type { PlanView } from './plan-views';
import type { HarvestRow, InputRow } from './records.repo';
import type { PlanRecords } from './records.service';
import type { TaskWithNames } from './tasks.repo';

const person = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, username: name } : null;
const round2 = (value: number) => Math.round(value * 100) / 100;

export function presentPlot(plot: PlotRow, current: PlanRow | null, today: string): TPlot {
  return {
    id: plot.id,
    farmId: plot.farmId,
    name: plot.name,
    area: plot.areaHa,
    archived: plot.archivedAt !== null,
    current: current
      ? {
          planId: current.id,
          crop: current.crop as CropKey,
          status: derivedStatus({
            stored: current.status,
            plantingDate: current.plantingDate,
            today,
            anyTaskDone: false,
          }),
        }
      : null,
    createdAt: plot.createdAt.toISOString(),
  };
}

export function presentTask(task: TaskWithNames, farmName: string): TTask {
  return {
    id: task.id,
    farmId: task.farmId,
    planId: task.planId,
    kind: task.kind,
    title: task.title,
    round: task.round,
    due: task.due,
    status: task.status,
    doneAt: task.doneAt,
    note: task.note,
    assignee: person(task.assigneeId, task.assigneeName),
    recordedBy: person(task.recordedBy, task.recordedByName),
    plan:
      task.crop !== null && task.plotName !== null
        ? { crop: task.crop as CropKey, plotName: task.plotName }
        : null,
    farmName,
  };
}

function planCore(view: PlanView): Omit<TCropPlan, 'tasks'> {
  const { plan, expected } = view;
  const calendar = plan.calendar ?? {
    stages: [],
    expectedHarvest: { from: plan.plantingDate, to: plan.plantingDate },
    basis: { source: '', meanTemperature: null, days: 0, factor: 1 },
  };
  const harvestedTons = kgToTons(view.harvestedKg);
  const target =
    plan.targetKg !== null || plan.targetDate !== null
      ? planTarget({
          targetQuantity: plan.targetKg === null ? null : kgToTons(plan.targetKg),
          targetDate: plan.targetDate,
          perHectare: expected.perHectare,
          plotArea: view.plotArea,
          plantingDate: plan.plantingDate,
          calendar,
        })
      : null;
  return {
    id: plan.id,
    farmId: plan.farmId,
    plotId: plan.plotId,
    plotName: plan.plotName,
    crop: plan.crop as CropKey,
    variety: plan.variety,
    area: plan.areaHa,
    plantingDate: plan.plantingDate,
    season: seasonOf(plan.plantingDate),
    status: derivedStatus({
      stored: plan.status,
      plantingDate: plan.plantingDate,
      today: view.today,
      anyTaskDone: view.counts.done > 0,
    }),
    abandoned:
      plan.status === 'abandoned' && plan.abandonReason !== null
        ? {
            reason: plan.abandonReason,
            note: plan.abandonNote,
            at: (plan.closedAt ?? plan.createdAt).toISOString(),
          }
        : null,
    stages: calendar.stages,
    expectedHarvest: calendar.expectedHarvest,
    expectedYield: expected,
    calendar: calendar.basis,
    target,
    harvested:
      view.harvestedKg > 0
        ? { quantity: harvestedTons, perHectare: round2(harvestedTons / plan.areaHa) }
        : null,
    recordedBy: person(plan.recordedBy, plan.recordedByName),
    createdAt: plan.createdAt.toISOString(),
  };
}

export function presentPlan(view: PlanView, farmName: string): TCropPlan {
  return { ...planCore(view), tasks: view.tasks.map((t) => presentTask(t, farmName)) };
}

export function presentPlanSummary(view: PlanView): TCropPlanSummary {
  return { ...planCore(view), openTasks: view.counts.open, overdueTasks: view.counts.overdue };
}

export function presentInput(input: InputRow, costCents: number): TPlanInput {
  return {
    id: input.id,
    kind: input.kind,
    name: input.name,
    quantity: input.quantity,
    unit: input.unit,
    cost: centsToDecimal(costCents),
    date: input.date,
    transactionId: input.transactionId,
    recordedBy: person(input.recordedBy, input.recordedByName),
  };
}

export function presentHarvest(harvest: HarvestRow): THarvest {
  return {
    id: harvest.id,
    date: harvest.date,
    quantity: kgToTons(harvest.quantityKg),
    entered: { quantity: harvest.enteredQuantity, unit: harvest.enteredUnit },
    grade: harvest.grade,
    moisture: harvest.moisture,
    final: harvest.final,
    uses: {
      sold: kgToTons(harvest.soldKg),
      home: kgToTons(harvest.homeKg),
      feed: kgToTons(harvest.feedKg),
      stored: kgToTons(harvest.storedKg),
      lost: kgToTons(harvest.lostKg),
    },
    recordedBy: person(harvest.recordedBy, harvest.recordedByName),
  };
}

/** A plan's page: the plan with its tasks, inputs, harvests, money and the money's pieces. */
export function presentPlanDetails(view: PlanView, farmName: string, records: PlanRecords): TCropPlanDetails {
  const { money } = records;
  const harvestedTons = kgToTons(view.harvestedKg);
  return {
    ...presentPlan(view, farmName),
    inputs: records.inputs.map((i) => presentInput(i.row, i.costCents)),
    harvests: records.harvests.map(presentHarvest),
    money: {
      inputs: centsToDecimal(money.inputsCents),
      sales: centsToDecimal(money.salesCents),
      margin: centsToDecimal(money.salesCents - money.inputsCents),
      costPerTon: harvestedTons > 0 ? round2(centsToDecimal(money.inputsCents) / harvestedTons) : null,
    },
    links: money.items.map((item) => ({
      source: item.source,
      id: item.id,
      date: item.date,
      amount: centsToDecimal(item.amountCents),
      type: item.type,
      automatic: item.automatic,
    })),
  };
}
