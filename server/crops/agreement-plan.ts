// A crop plan as a forward agreement reads it: whose farm, what crop, where it stands and the harvest it expects.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { SessionUser } from '../http/access';
import { type PlanWithNames, planById } from './crops.repo';
import { expectedYields } from './plan-views';
import { planAccess } from './plans.service';

export interface PlanOutlook {
  planId: number;
  farmId: number;
  crop: string;
  status: string;
  /** The expected harvest of the plan's area, tons (always an estimate). */
  expectedTons: number;
}

async function outlookOf(ctx: AppContext, db: Tx, plan: PlanWithNames): Promise<PlanOutlook> {
  const [expected] = await expectedYields(ctx, db, plan.farmId, [plan]);
  return {
    planId: plan.id,
    farmId: plan.farmId,
    crop: plan.crop,
    status: plan.status,
    expectedTons: expected?.total ?? 0,
  };
}

/** A plan the caller may plan on (the seller linking it), or the crops module's 404. */
export async function planToLink(ctx: AppContext, user: SessionUser, planId: number): Promise<PlanOutlook> {
  const { plan } = await planAccess(ctx.db, user, planId, 'farm.crops.plan');
  return outlookOf(ctx, ctx.db, plan);
}

/** A linked plan's outlook now (null: the plan is gone). */
export async function planOutlook(ctx: AppContext, planId: number): Promise<PlanOutlook | null> {
  const plan = await planById(ctx.db, planId);
  return plan ? outlookOf(ctx, ctx.db, plan) : null;
}
