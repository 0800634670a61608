// The USSD Farm menu: this week's open crop tasks (as TASKS numbers them), and one marked done with the PIN.
import type { Language } from '../../contract/constants';
import { type PhoneTask, phoneWeekTasks, taskLabel } from '../crops';
import type { SessionUser } from '../http/access';
import { shortDay } from './phone-crops';
import { say } from './phone-text';
import { confirmScreen, type Session } from './ussd-confirm';
import { choiceScreen, end, type Screen, type Step } from './ussd-screens';

const lineOf = (lang: Language, task: PhoneTask) =>
  say(lang, task.late ? 'ussd.farm.late' : 'ussd.farm.line', {
    task: taskLabel(lang, task),
    day: shortDay(lang, task.due),
  });

export async function farmScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const tasks = await phoneWeekTasks(session.ctx, user);
  if (tasks.length === 0) {
    return end(say(lang, 'tasks.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.farm.title'),
    items: tasks,
    label: (task) => lineOf(lang, task),
    pick: (task) => taskScreen(session, user, task),
  });
}

function taskScreen(session: Session, user: SessionUser, task: PhoneTask): Screen {
  const lang = user.language;
  return {
    end: false,
    text: [lineOf(lang, task), say(lang, 'ussd.farm.markDone'), say(lang, 'ussd.back')].join('\n'),
    back: true,
    next: async (input): Promise<Step> =>
      input === '1'
        ? confirmScreen(session, user, { kind: 'taskDone', taskId: task.id, number: task.number })
        : { invalid: say(lang, 'ussd.invalid') },
  };
}
