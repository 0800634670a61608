// What the phone bot (SMS, WhatsApp, USSD) asks of crops: this week's tasks numbered as TASKS shows them, a task
// ticked (DONE n), a plan looked up and a harvest recorded (HARVEST 12 20 bag100), through the same services and
// farm checks as the web.
import type { z } from 'zod';
import { TASK_LIST_LIMIT, type ZHarvestInput, ZTaskUpdate } from '../../contract/crop-plans';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { shiftIsoDate } from './calendar/stages';
import type { PlanWithNames } from './crops.repo';
import { todayIso } from './plan-views';
import { planAccess } from './plans.service';
import { addHarvest } from './records.service';
import type { LabelledTask } from './task-label';
import { tasksOfFarms } from './tasks.repo';
import { changeTask, farmsOfWorker } from './tasks.service';

type Actor = Pick<SessionUser, 'id' | 'role' | 'username'>;

/** A task as a phone lists it: its number in this week's list, and what its line is made of. */
export interface PhoneTask extends LabelledTask {
  number: number;
  id: number;
  due: string;
  late: boolean;
}

/** The Monday of the week `day` (an ISO date) is in. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shiftIsoDate(day, -weekday);
}

/**
 * The open tasks of this week (and last week's left open) on every farm the user works on, numbered. The numbers
 * count every task of those two weeks whatever its status, by due date then id, so ticking one (DONE 2) leaves the
 * others' numbers as TASKS showed them, all week; DONE reads a number against the same list, computed the same way.
 */
export async function phoneWeekTasks(ctx: AppContext, user: Actor, today = todayIso()): Promise<PhoneTask[]> {
  const monday = mondayOf(today);
  const farms = await farmsOfWorker(ctx.db, user);
  const tasks = await tasksOfFarms(
    ctx.db,
    farms.map((f) => f.id),
    { from: shiftIsoDate(monday, -7), to: shiftIsoDate(monday, 6), status: null, limit: TASK_LIST_LIMIT },
  );
  return tasks
    .map((task, index) => ({ task, number: index + 1 }))
    .filter(({ task }) => task.status === 'open')
    .map(({ task, number }) => ({
      number,
      id: task.id,
      kind: task.kind,
      title: task.title,
      round: task.round,
      crop: task.crop,
      plotName: task.plotName,
      due: task.due,
      late: task.due < today,
    }));
}

/** Ticks a task done today, as PATCH /api/tasks/:id does (the farm's check included). */
export async function phoneTaskDone(ctx: AppContext, user: Actor, taskId: number): Promise<void> {
  await changeTask(ctx, { user, taskId, input: ZTaskUpdate.parse({ status: 'done' }) });
}

/** A plan the user may record work on, or the service's refusal (not found, for one they may not see). */
export async function phonePlan(ctx: AppContext, user: Actor, planId: number): Promise<PlanWithNames> {
  return (await planAccess(ctx.db, user, planId, 'farm.crops.work')).plan;
}

/** A harvest taken today, all of it stored, as POST /api/crop-plans/:id/harvests records it. */
export async function phoneHarvest(
  ctx: AppContext,
  user: Actor,
  input: { planId: number; quantity: number; unit: z.output<typeof ZHarvestInput>['unit'] },
): Promise<{ quantityKg: number }> {
  const row = await addHarvest(ctx, {
    user,
    planId: input.planId,
    input: {
      date: todayIso(),
      quantity: input.quantity,
      unit: input.unit,
      uses: { stored: input.quantity },
    },
  });
  return { quantityKg: row.quantityKg };
}
