// Reminders of tomorrow's tasks: on each beat, an instance claims the open tasks due in TASK_REMINDER_DAYS that no
// reminder has gone out for (reminded_on set in the statement that picks them, so N instances remind once), and
// tells each person one notification listing theirs: the task's assignee, else the farm's owner. SMS and WhatsApp
// copies follow the user's choices and quiet hours, as every notification's do.
import { sql } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import { TASK_REMINDER_DAYS, type TaskKind } from '../../contract/crop-plans';
import type { AppContext } from '../context';
import { rowsOf, type Tx } from '../db/client';
import { SerialRuns } from '../events/serial-runs';
import { translate } from '../http/i18n';
import { held } from '../module';
import { notifyEach } from '../notifications';
import { shiftIsoDate } from './calendar/stages';
import { todayIso } from './plan-views';
import { taskLabel } from './task-label';

/** Tasks a reminder names at most; the rest are counted ("and 2 more"). */
export const REMINDER_TASKS_SHOWN = 5;

interface ClaimedTask {
  id: number;
  kind: TaskKind;
  title: string | null;
  round: number | null;
  crop: string | null;
  plot_name: string | null;
  user_id: number;
  language: Language;
}

/**
 * Marks the open tasks due on `day` that have not been reminded as reminded `today`, and answers them with the
 * person each goes to. A second instance running the same statement waits on the rows' locks, then finds them
 * reminded and takes none.
 */
async function claimDueTasks(tx: Tx, today: string, day: string): Promise<ClaimedTask[]> {
  return rowsOf<ClaimedTask>(
    await tx.execute(sql`with claimed as (
        update crop_tasks t set reminded_on = ${today}::date
        where t.reminded_on is null and t.status = 'open' and t.due = ${day}::date
        returning t.id, t.farm_id, t.plan_id, t.kind, t.title, t.round, t.assignee_id
      )
      select c.id, c.kind, c.title, c.round, p.crop, pl.name as plot_name, u.id as user_id, u.language
      from claimed c
      join farms f on f.id = c.farm_id
      join users u on u.id = coalesce(c.assignee_id, f.owner_id)
      left join crop_plans p on p.id = c.plan_id
      left join plots pl on pl.id = p.plot_id
      order by u.id, c.id`),
  );
}

/** A day as a reminder names it: "Saturday 28 November". */
const dayText = (lang: Language, day: string) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** One person's tasks as the reminder lists them, in their language. */
function taskList(lang: Language, tasks: readonly ClaimedTask[]): string {
  const shown = tasks
    .slice(0, REMINDER_TASKS_SHOWN)
    .map((t) => taskLabel(lang, { ...t, plotName: t.plot_name }));
  const more = tasks.length - shown.length;
  return more > 0
    ? `${shown.join('; ')}; ${translate(lang, 'notifications.taskReminderMore', { count: more })}`
    : shown.join('; ');
}

/** Reminds tomorrow's tasks (as of `today`); answers how many people were reminded. */
export async function remindTasks(ctx: AppContext, today = todayIso()): Promise<number> {
  const day = shiftIsoDate(today, TASK_REMINDER_DAYS);
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimDueTasks(tx, today, day);
    const byUser = new Map<number, ClaimedTask[]>();
    for (const task of claimed) {
      byUser.set(task.user_id, [...(byUser.get(task.user_id) ?? []), task]);
    }
    await notifyEach(
      tx,
      ctx,
      [...byUser.values()].map((tasks) => {
        const first = tasks[0] as ClaimedTask;
        const lang = first.language;
        return {
          userId: first.user_id,
          type: 'task_reminder' as const,
          data: { day: dayText(lang, day), count: tasks.length, tasks: taskList(lang, tasks) },
          link: '/crops',
        };
      }),
    );
    return byUser.size;
  });
}

type Logger = { error: (obj: object, msg: string) => void };

/** This instance's beat of reminders: started and stopped with the crops module. */
export class TaskReminders {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    log: Logger = console,
  ) {
    this.runs = new SerialRuns('task reminder run', log);
  }

  start(): void {
    this.runs.every(this.ctx.config.crops.reminderMs, () => remindTasks(this.ctx));
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** One run after any under way (tests; `today` fixed). */
  runOnce(today?: string): Promise<number> {
    return this.runs.run(() => remindTasks(this.ctx, today));
  }
}

/** This instance's TaskReminders, built from its context on first use. */
export const taskReminders = held('crops.taskReminders', (ctx) => new TaskReminders(ctx));
