// The USSD Farm menu: this week's open crop tasks (as TASKS numbers them), and one marked done with the PIN; and the
// farm's weather (as WEATHER answers it), one screen.
import type { Language } from '../../contract/constants';
import { type PhoneTask, phoneWeekTasks, taskLabel } from '../crops';
import type { SessionUser } from '../http/access';
import { fitsOneScreen } from './phone-coop-text';
import { shortDay } from './phone-crops';
import { say } from './phone-text';
import { weatherText } from './phone-weather';
import { confirmScreen, type Session } from './ussd-confirm';
import { choiceScreen, end, type Screen, type Step } from './ussd-screens';

const lineOf = (lang: Language, task: PhoneTask) =>
  say(lang, task.late ? 'ussd.farm.late' : 'ussd.farm.line', {
    task: taskLabel(lang, task),
    day: shortDay(lang, task.due),
  });

/** The weather of the caller's first farm, one END screen (read only when chosen). */
const weather = async (session: Session, user: SessionUser) =>
  end(await weatherText(session.ctx, user, null, fitsOneScreen));

export async function farmScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const tasks = await phoneWeekTasks(session.ctx, user);
  const weatherLabel = say(lang, 'ussd.farm.weather');
  if (tasks.length === 0) {
    // No task this week: still the way to the weather.
    return {
      end: false,
      text: [say(lang, 'tasks.none'), weatherLabel, say(lang, 'ussd.back')].join('\n'),
      back: true,
      next: async (input): Promise<Step> =>
        input === '8' ? { screen: await weather(session, user) } : { invalid: say(lang, 'ussd.invalid') },
    };
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.farm.title'),
    items: tasks,
    label: (task) => lineOf(lang, task),
    pick: (task) => taskScreen(session, user, task),
    extra: { label: weatherLabel, screen: () => weather(session, user) },
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
