// Tasks: listed for a farm or for everything the caller works on, added by the farmer, ticked, skipped, reopened
// or given to a member. A task done makes its plan active.
import type { z } from 'zod';
import {
  TASK_LIST_LIMIT,
  TASK_WINDOW_MAX_DAYS,
  type ZTaskInput,
  type ZTaskQuery,
  type ZTaskUpdate,
} from '../../contract/crop-plans';
import { representedFarmerIds } from '../agents';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { type FarmRow, farmsReachedBy, isFarmMember } from '../farms';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { daysBetween } from './calendar/stages';
import { planById, updatePlan } from './crops.repo';
import { cropAccess } from './crops-access';
import { cropsTransaction } from './crops-events';
import { todayIso } from './plan-views';
import { assertOpen } from './plans.service';
import { insertTasks, lockTask, type TaskWithNames, taskById, tasksOfFarms, updateTask } from './tasks.repo';

type Actor = Pick<SessionUser, 'id' | 'role'>;
export interface TasksAnswer {
  tasks: TaskWithNames[];
  farmNames: Map<number, string>;
}

function windowOf(query: z.output<typeof ZTaskQuery>) {
  if (query.from && query.to && daysBetween(query.from, query.to) > TASK_WINDOW_MAX_DAYS) {
    throw new AppError('badRequest', 'crops.validation.window', { days: TASK_WINDOW_MAX_DAYS });
  }
  if (query.from && query.to && query.to < query.from) {
    throw new AppError('badRequest', 'crops.validation.window', { days: TASK_WINDOW_MAX_DAYS });
  }
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    status: query.status ?? null,
    limit: TASK_LIST_LIMIT,
  };
}

export async function farmTasks(
  ctx: AppContext,
  options: { farm: Pick<FarmRow, 'id' | 'name'>; query: z.output<typeof ZTaskQuery> },
): Promise<TasksAnswer> {
  const { farm } = options;
  const tasks = await tasksOfFarms(ctx.db, [farm.id], windowOf(options.query));
  return { tasks, farmNames: new Map([[farm.id, farm.name]]) };
}

/** Every farm the user works on: their farms and, for an agent, the farms of the farmers they represent. */
export async function farmsOfWorker(db: Tx, user: Actor) {
  const owners = user.role === 'agent' ? await representedFarmerIds(db, user.id) : [];
  return farmsReachedBy(db, user.id, owners);
}

/** The tasks of the farms a user works on (`farmsOfWorker`), in one answer. */
export async function myTasks(
  ctx: AppContext,
  options: { farms: readonly Pick<FarmRow, 'id' | 'name'>[]; query: z.output<typeof ZTaskQuery> },
): Promise<TasksAnswer> {
  const { farms } = options;
  const tasks = await tasksOfFarms(
    ctx.db,
    farms.map((f) => f.id),
    windowOf(options.query),
  );
  return { tasks, farmNames: new Map(farms.map((f) => [f.id, f.name])) };
}

async function assertAssignable(tx: Tx, farmId: number, assigneeId: number | null | undefined) {
  if (assigneeId !== null && assigneeId !== undefined && !(await isFarmMember(tx, farmId, assigneeId))) {
    throw new AppError('badRequest', 'crops.errors.assigneeNotMember', {}, {}, ['assigneeId']);
  }
}

export async function addTask(
  ctx: AppContext,
  options: { user: Actor; farm: FarmRow; input: z.output<typeof ZTaskInput> },
): Promise<{ task: TaskWithNames; farmName: string }> {
  const { input, farm } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    if (input.planId) {
      const plan = await planById(tx, input.planId);
      if (!plan || plan.farmId !== farm.id) {
        throw new AppError('notFound', 'crops.errors.planNotFound');
      }
      // As changeTask: an abandoned plan's tasks cannot be ticked, so it takes no new one either.
      assertOpen(plan, false);
    }
    await assertAssignable(tx, farm.id, input.assigneeId);
    const [row] = await insertTasks(tx, [
      {
        farmId: farm.id,
        planId: input.planId ?? null,
        kind: 'custom',
        title: input.title,
        due: input.due,
        note: input.note,
        assigneeId: input.assigneeId ?? null,
        recordedBy: options.user.id,
      },
    ]);
    await changed(farm.id);
    const task = row ? await taskById(tx, row.id) : null;
    if (!task) {
      throw new Error('addTask: the task just made is gone');
    }
    return { task, farmName: farm.name };
  });
}

/** The changes an update makes: done gets its day (today unless said), reopened loses it. */
function changesOf(input: z.output<typeof ZTaskUpdate>, actorId: number) {
  const changes: Parameters<typeof updateTask>[2] = { recordedBy: actorId };
  if (input.status !== undefined) {
    changes.status = input.status;
    changes.doneAt = input.status === 'done' ? (input.doneAt ?? todayIso()) : null;
  } else if (input.doneAt) {
    changes.doneAt = input.doneAt;
  }
  if (input.note !== undefined) {
    changes.note = input.note;
  }
  if (input.assigneeId !== undefined) {
    changes.assigneeId = input.assigneeId;
  }
  if (input.due !== undefined) {
    changes.due = input.due;
  }
  return changes;
}

export async function changeTask(
  ctx: AppContext,
  options: { user: Actor; taskId: number; input: z.output<typeof ZTaskUpdate> },
): Promise<{ task: TaskWithNames; farmName: string }> {
  const { input } = options;
  return cropsTransaction(ctx, async (tx, changed) => {
    const row = await lockTask(tx, options.taskId);
    if (!row) {
      throw new AppError('notFound', 'crops.errors.taskNotFound');
    }
    const { farm } = await cropAccess(tx, options.user, row.farmId, 'farm.crops.work').catch((error) => {
      throw error instanceof AppError && error.status === 404
        ? new AppError('notFound', 'crops.errors.taskNotFound')
        : error;
    });
    const plan = row.planId === null ? null : await planById(tx, row.planId);
    if (plan?.status === 'abandoned') {
      throw new AppError('conflict', 'crops.errors.planClosed');
    }
    await assertAssignable(tx, farm.id, input.assigneeId);
    await updateTask(tx, row.id, changesOf(input, options.user.id));
    if (plan && plan.status === 'planned' && input.status === 'done') {
      await updatePlan(tx, plan.id, { status: 'active' });
    }
    await changed(farm.id);
    const task = await taskById(tx, row.id);
    if (!task) {
      throw new Error('changeTask: the task is gone');
    }
    return { task, farmName: farm.name };
  });
}
