// The farm by phone, shared by the SMS/WhatsApp commands and the USSD Farm menu: this week's tasks numbered (TASKS),
// a task ticked (DONE 3) and a harvest recorded (HARVEST 12 20 bag100), each write echoed for the PIN and done
// through the crops module's own services and farm checks.
import type { Language } from '../../contract/constants';
import { HARVEST_UNIT_KG, type HarvestUnit, ZHarvestInput } from '../../contract/crop-plans';
import type { AppContext } from '../context';
import { type PhoneTask, phoneHarvest, phonePlan, phoneTaskDone, phoneWeekTasks, taskLabel } from '../crops';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import { PHONE_LIST_MAX } from './phone-reads';
import { refusalText, say, tons } from './phone-text';

/** A crop write asked by phone, kept (as JSON) until the PIN confirms it. */
export type CropWrite =
  | { kind: 'taskDone'; taskId: number; number: number }
  | { kind: 'harvest'; planId: number; quantity: number; unit: HarvestUnit };

type Described = { summary: string; refusal: null } | { summary: null; refusal: string };
type Checked = { write: CropWrite; error: null } | { write: null; error: string };

/** The unit words a harvest takes, in both languages. */
const UNIT_WORDS: Readonly<Record<string, HarvestUnit>> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  t: 't',
  ton: 't',
  tons: 't',
  tonne: 't',
  tonnes: 't',
  bag50: 'bag50',
  sac50: 'bag50',
  bag100: 'bag100',
  sac100: 'bag100',
};

/** A day as a phone list shows it: "10 Mar", "10 mars". */
export const shortDay = (lang: Language, day: string) =>
  new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const lineOf = (lang: Language, task: PhoneTask) =>
  say(lang, task.late ? 'tasks.late' : 'tasks.line', {
    number: task.number,
    task: taskLabel(lang, task),
    day: shortDay(lang, task.due),
  });

/** TASKS: this week's open tasks (and last week's left open), numbered for DONE. */
export async function taskLines(ctx: AppContext, user: SessionUser): Promise<string[]> {
  const lang = user.language;
  const tasks = await phoneWeekTasks(ctx, user);
  if (tasks.length === 0) {
    return [say(lang, 'tasks.none')];
  }
  const shown = tasks.slice(0, PHONE_LIST_MAX).map((task) => lineOf(lang, task));
  const more = tasks.length - shown.length;
  return [
    ...shown,
    ...(more > 0 ? [say(lang, 'tasks.more', { count: more })] : []),
    say(lang, 'tasks.footer'),
  ];
}

/** The open task numbered `number` in this week's list, as TASKS numbers it; null when there is none. */
export async function weekTask(
  ctx: AppContext,
  user: SessionUser,
  number: number,
): Promise<PhoneTask | null> {
  return (await phoneWeekTasks(ctx, user)).find((t) => t.number === number) ?? null;
}

/** DONE <n>: the write for task number n, or why not (no open task has that number this week). */
export async function doneWrite(ctx: AppContext, user: SessionUser, numberText: string): Promise<Checked> {
  const number = Number(numberText);
  const task = Number.isSafeInteger(number) ? await weekTask(ctx, user, number) : null;
  return task === null
    ? { write: null, error: say(user.language, 'tasks.notFound', { number: numberText }) }
    : { write: { kind: 'taskDone', taskId: task.id, number }, error: null };
}

/** HARVEST <plan> <quantity> <unit> as typed, checked: the unit one a harvest takes, the quantity the API's. */
export function harvestWrite(
  lang: Language,
  input: { plan: string; quantity: string; unit: string },
): Checked {
  const unit = Object.hasOwn(UNIT_WORDS, input.unit) ? UNIT_WORDS[input.unit] : undefined;
  if (unit === undefined) {
    return { write: null, error: say(lang, 'harvest.badUnit', { unit: input.unit }) };
  }
  const planId = Number(input.plan);
  if (!Number.isSafeInteger(planId) || planId <= 0 || planId > 2_147_483_647) {
    return { write: null, error: say(lang, 'invalid.number') };
  }
  const quantity = ZHarvestInput.shape.quantity.safeParse(Number(input.quantity));
  if (!quantity.success) {
    return { write: null, error: say(lang, 'harvest.quantity') };
  }
  return { write: { kind: 'harvest', planId, quantity: quantity.data, unit }, error: null };
}

/** The crops service's refusals in the phone's words (a plan's number is the one the user typed). */
function cropRefusal(lang: Language, error: unknown, write: CropWrite): string {
  if (error instanceof AppError) {
    switch (error.key) {
      case 'crops.errors.planNotFound':
        return say(lang, 'harvest.planNotFound', { id: write.kind === 'harvest' ? write.planId : '' });
      case 'crops.errors.planClosed':
        return write.kind === 'harvest'
          ? say(lang, 'harvest.planClosed', { id: write.planId })
          : say(lang, 'tasks.planClosed');
      case 'crops.errors.taskNotFound':
        return say(lang, 'tasks.notFound', { number: write.kind === 'taskDone' ? write.number : '' });
    }
  }
  return refusalText(lang, error);
}

const unitText = (lang: Language, quantity: number, unit: HarvestUnit) =>
  `${new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(quantity)} ${say(lang, `harvest.units.${unit}`)}`;

/** What the write will do, in a line the user confirms; or why it cannot be done, before the PIN is asked. */
export async function describeCropWrite(
  ctx: AppContext,
  user: SessionUser,
  write: CropWrite,
): Promise<Described> {
  const lang = user.language;
  if (write.kind === 'taskDone') {
    const task = (await phoneWeekTasks(ctx, user)).find((t) => t.id === write.taskId);
    return task
      ? {
          summary: say(lang, 'summary.taskDone', {
            task: taskLabel(lang, task),
            day: shortDay(lang, task.due),
          }),
          refusal: null,
        }
      : { summary: null, refusal: say(lang, 'tasks.notFound', { number: write.number }) };
  }
  try {
    const plan = await phonePlan(ctx, user, write.planId);
    if (plan.status === 'harvested' || plan.status === 'abandoned') {
      return { summary: null, refusal: say(lang, 'harvest.planClosed', { id: plan.id }) };
    }
    return {
      summary: say(lang, 'summary.harvest', {
        id: plan.id,
        crop: translate(lang, `agronomy.crop.${plan.crop}`),
        plot: plan.plotName,
        quantity: unitText(lang, write.quantity, write.unit),
        tons: tons(lang, Math.round(write.quantity * HARVEST_UNIT_KG[write.unit])),
      }),
      refusal: null,
    };
  } catch (error) {
    return { summary: null, refusal: cropRefusal(lang, error, write) };
  }
}

/** Does the write through the crops module; the answer (done, or why not) in the user's words. */
export async function runCropWrite(ctx: AppContext, user: SessionUser, write: CropWrite): Promise<string> {
  const lang = user.language;
  try {
    if (write.kind === 'taskDone') {
      // Ticked meanwhile (in the app, or by a confirmation sent twice): said so rather than done again.
      const task = (await phoneWeekTasks(ctx, user)).find((t) => t.id === write.taskId);
      if (!task) {
        return say(lang, 'tasks.notFound', { number: write.number });
      }
      await phoneTaskDone(ctx, user, write.taskId);
      return say(lang, 'done.taskDone', { task: taskLabel(lang, task) });
    }
    const plan = await phonePlan(ctx, user, write.planId);
    const { quantityKg } = await phoneHarvest(ctx, user, write);
    return say(lang, 'done.harvest', {
      id: plan.id,
      tons: tons(lang, quantityKg),
      crop: translate(lang, `agronomy.crop.${plan.crop}`),
    });
  } catch (error) {
    return cropRefusal(lang, error, write);
  }
}
