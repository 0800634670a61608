// A task as a short line in the reader's language, for the texts that leave the app (reminders, SMS, USSD): its
// kind's name (or the farmer's own title) with its round, and the crop and plot it is for.
import type { Language } from '../../contract/constants';
import type { TaskKind } from '../../contract/crop-plans';
import { translate } from '../http/i18n';

export interface LabelledTask {
  kind: TaskKind;
  title: string | null;
  round: number | null;
  crop: string | null;
  plotName: string | null;
}

/** "Weeding 2 (Maize, North plot)"; a custom task by its title; a task of no plan without the brackets. */
export function taskLabel(lang: Language, task: LabelledTask): string {
  const name =
    task.kind === 'custom' && task.title
      ? task.title
      : translate(lang, `notifications.taskKinds.${task.kind}`);
  const named = task.round !== null ? `${name} ${task.round}` : name;
  if (task.crop === null) {
    return named;
  }
  const crop = translate(lang, `agronomy.crop.${task.crop}`);
  return task.plotName ? `${named} (${crop}, ${task.plotName})` : `${named} (${crop})`;
}
