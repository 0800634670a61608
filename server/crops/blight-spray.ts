// A spray task on the growing blight hosts of a farm when its stored pest analysis says to protect against late
// blight (the model's own threshold: pest-analysis.ts 'late_blight_protect'); one open spray task at a time.
import type { CropKey } from '../../contract/crops';
import type { Tx } from '../db/client';
import { blightSprayTask } from './calendar/tasks-template';
import { plansOfFarm } from './crops.repo';
import { todayIso } from './plan-views';
import { hasOpenTask, insertTasks } from './tasks.repo';

const PROTECT = 'recommendation.late_blight_protect';

function saysProtect(data: Record<string, unknown>): boolean {
  const recommendations = data.recommendations;
  return (
    Array.isArray(recommendations) &&
    recommendations.some(
      (r) => typeof r === 'object' && r !== null && (r as { key?: unknown }).key === PROTECT,
    )
  );
}

export async function sprayOnBlightRisk(
  tx: Tx,
  farmId: number,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (type !== 'pest_risk' || !saysProtect(data)) {
    return;
  }
  const today = todayIso();
  const growing = await plansOfFarm(tx, farmId, { from: null, to: null, status: 'active', today });
  for (const plan of growing) {
    const task = blightSprayTask(plan.crop as CropKey, today);
    if (task && !(await hasOpenTask(tx, plan.id, 'spray', today))) {
      await insertTasks(tx, [{ ...task, farmId, planId: plan.id }]);
    }
  }
}
