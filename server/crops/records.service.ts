// What is recorded against a plan: inputs used (each a farm expense in the books, or one booked before), harvests
// (a final one closes the plan), and the money that is the plan's; and the plan's page with all of it.
import type { z } from 'zod';
import { MAX_INT4 } from '../../contract/constants';
import {
  HARVEST_UNIT_KG,
  HARVEST_USES,
  type HarvestUse,
  INPUT_CATEGORY,
  type ZHarvestInput,
  type ZPlanInputInput,
} from '../../contract/crop-plans';
import { parseMoneyToCents } from '../../contract/money';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { farmPagesCache } from '../farms';
import { bookExpenseIn, expenseOf, farmHasMoney, farmMoneyFor } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { marketModel } from '../marketplace';
import { lotFromHarvest } from '../stock';
import { updatePlan } from './crops.repo';
import { cropsTransaction } from './crops-events';
import { linkKey, type PlanMoneyTotals, planMoney } from './plan-money';
import { todayIso } from './plan-views';
import { assertOpen, type PlanAccess, planAccess } from './plans.service';
import {
  firstHarvestDays,
  type HarvestRow,
  harvestsOfPlan,
  type InputRow,
  inputOfTransaction,
  inputsOfPlan,
  insertHarvest,
  insertInput,
  linksOfFarm,
  setLink,
} from './records.repo';
import { closeFieldTasks } from './tasks.repo';

type Actor = Pick<SessionUser, 'id' | 'role' | 'username'>;

// ---- Inputs ----

export async function addInput(
  ctx: AppContext,
  options: { user: Actor; planId: number; input: z.output<typeof ZPlanInputInput> },
): Promise<{ row: InputRow; costCents: number }> {
  const { input, user } = options;
  const result = await cropsTransaction(ctx, async (tx, changed) => {
    const { plan, farm } = await planAccess(tx, user, options.planId, 'farm.crops.plan', true);
    assertOpen(plan, false);
    let transactionId: number;
    let costCents: number;
    if (input.transactionId !== undefined) {
      const expense = await expenseOf(tx, farm.id, input.transactionId);
      if (!expense) {
        throw new AppError('notFound', 'crops.errors.transactionNotExpense', {}, {}, ['transactionId']);
      }
      if (await inputOfTransaction(tx, expense.id)) {
        throw new AppError('conflict', 'crops.errors.transactionLinked', {}, {}, ['transactionId']);
      }
      transactionId = expense.id;
      costCents = expense.amountCents;
    } else {
      costCents = parseMoneyToCents(input.cost ?? 0) ?? 0;
      transactionId = await bookExpenseIn(tx, ctx.bus, {
        farmId: farm.id,
        actorId: user.id,
        category: INPUT_CATEGORY[input.kind],
        amountCents: costCents,
        date: input.date,
        memo: input.name,
      });
    }
    const row = await insertInput(tx, {
      planId: plan.id,
      kind: input.kind,
      name: input.name,
      quantity: input.quantity ?? null,
      unit: input.unit,
      date: input.date,
      transactionId,
      recordedBy: user.id,
    });
    await setLink(tx, { farmId: farm.id, source: 'transaction', sourceId: transactionId, planId: plan.id });
    await changed(farm.id);
    return { row: { ...row, recordedByName: user.username }, costCents, farmId: farm.id };
  });
  farmPagesCache.of(ctx).drop(result.farmId);
  return { row: result.row, costCents: result.costCents };
}

// ---- Harvests ----

/** Thousandths of the entered unit: the uses must add up to the quantity exactly, as typed. */
const milli = (value: number) => Math.round(value * 1000);

/** Kilograms of each use, their sum the harvest's kilograms exactly (rounding goes to the largest use). */
export function usesInKg(input: Pick<z.output<typeof ZHarvestInput>, 'quantity' | 'unit' | 'uses'>): {
  quantityKg: number;
  uses: Record<HarvestUse, number>;
} {
  const unitKg = HARVEST_UNIT_KG[input.unit];
  const quantityKg = Math.round(input.quantity * unitKg);
  if (quantityKg <= 0 || quantityKg > MAX_INT4) {
    throw new AppError('badRequest', 'crops.validation.quantity', {}, {}, ['quantity']);
  }
  const typed = input.uses ?? { stored: input.quantity };
  const total = HARVEST_USES.reduce((sum, use) => sum + milli(typed[use] ?? 0), 0);
  if (total !== milli(input.quantity)) {
    throw new AppError('badRequest', 'crops.errors.usesDontAddUp', {}, {}, ['uses']);
  }
  const uses = Object.fromEntries(
    HARVEST_USES.map((use) => [use, Math.round((typed[use] ?? 0) * unitKg)]),
  ) as Record<HarvestUse, number>;
  const largest = HARVEST_USES.reduce((a, b) => (uses[b] > uses[a] ? b : a));
  uses[largest] += quantityKg - HARVEST_USES.reduce((sum, use) => sum + uses[use], 0);
  return { quantityKg, uses };
}

export async function addHarvest(
  ctx: AppContext,
  options: { user: Actor; planId: number; input: z.output<typeof ZHarvestInput> },
): Promise<HarvestRow> {
  const { input, user } = options;
  const { quantityKg, uses } = usesInKg(input);
  if (input.date > todayIso()) {
    throw new AppError('badRequest', 'crops.errors.harvestInFuture', {}, {}, ['date']);
  }
  return cropsTransaction(ctx, async (tx, changed) => {
    const { plan, farm } = await planAccess(tx, user, options.planId, 'farm.crops.work', true);
    assertOpen(plan, true);
    if (input.date < plan.plantingDate) {
      throw new AppError('badRequest', 'crops.errors.harvestBeforePlanting', {}, {}, ['date']);
    }
    const row = await insertHarvest(tx, {
      planId: plan.id,
      date: input.date,
      quantityKg,
      enteredQuantity: input.quantity,
      enteredUnit: input.unit,
      grade: input.grade ?? null,
      moisture: input.moisture ?? null,
      final: input.final ?? false,
      soldKg: uses.sold,
      homeKg: uses.home,
      feedKg: uses.feed,
      storedKg: uses.stored,
      lostKg: uses.lost,
      recordedBy: user.id,
    });
    if (uses.stored > 0) {
      // The stored part is stock from now on: a lot in the farm's home store, sold and counted from there.
      await lotFromHarvest(tx, ctx.bus, {
        harvestId: row.id,
        farm: { id: farm.id, name: farm.name, ownerId: farm.ownerId, location: null },
        crop: plan.crop,
        variety: plan.variety,
        grade: input.grade ?? null,
        moisture: input.moisture ?? null,
        kg: uses.stored,
        date: input.date,
        by: user.id,
      });
    }
    if (input.final) {
      await updatePlan(tx, plan.id, { status: 'harvested', closedAt: new Date() });
      await closeFieldTasks(tx, plan.id, input.date);
    } else if (plan.status === 'planned') {
      await updatePlan(tx, plan.id, { status: 'active' });
    }
    await changed(farm.id);
    return { ...row, recordedByName: user.username };
  });
}

// ---- Money ----

export async function linkMoney(
  ctx: AppContext,
  options: { user: Actor; planId: number; source: 'transaction' | 'sale'; sourceId: number; unlink: boolean },
): Promise<void> {
  await cropsTransaction(ctx, async (tx, changed) => {
    const { plan, farm } = await planAccess(tx, options.user, options.planId, 'farm.crops.plan');
    if (!(await farmHasMoney(tx, farm.id, options.source, options.sourceId))) {
      throw new AppError('notFound', 'crops.errors.moneyNotFound');
    }
    await setLink(tx, {
      farmId: farm.id,
      source: options.source,
      sourceId: options.sourceId,
      planId: options.unlink ? null : plan.id,
    });
    await changed(farm.id);
  });
}

/** The plan's money: its links, the sales of its crop it takes, in one read of the books. */
async function moneyOf(ctx: AppContext, db: Tx, access: PlanAccess): Promise<PlanMoneyTotals> {
  const { plan, farm } = access;
  const links = await linksOfFarm(db, farm.id);
  const starts = await firstHarvestDays(db, farm.id, plan.crop);
  const mine = links.filter((l) => l.planId === plan.id);
  const since = starts.find((s) => s.planId === plan.id)?.firstDay ?? null;
  const money = await farmMoneyFor(db, farm.id, {
    transactionIds: mine.filter((l) => l.source === 'transaction').map((l) => l.sourceId),
    saleIds: mine.filter((l) => l.source === 'sale').map((l) => l.sourceId),
    salesSince: since,
  });
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return planMoney({
    planId: plan.id,
    crop: plan.crop,
    money: money.map((m) => ({
      ...m,
      crop: m.commodityName === null ? null : (catalogue.kindOf(m.commodityName)?.key ?? null),
    })),
    links: new Map(links.map((l) => [linkKey(l.source, l.sourceId), l.planId])),
    harvestStarts: starts,
  });
}

export interface PlanRecords {
  inputs: { row: InputRow; costCents: number }[];
  harvests: HarvestRow[];
  money: PlanMoneyTotals;
}

export async function planRecords(ctx: AppContext, db: Tx, access: PlanAccess): Promise<PlanRecords> {
  const inputs = await inputsOfPlan(db, access.plan.id);
  const harvests = await harvestsOfPlan(db, access.plan.id);
  const money = await moneyOf(ctx, db, access);
  const costs = new Map(
    money.items.filter((i) => i.source === 'transaction').map((i) => [i.id, i.amountCents]),
  );
  return {
    inputs: inputs.map((row) => ({ row, costCents: costs.get(row.transactionId) ?? 0 })),
    harvests,
    money,
  };
}
