// GET /api/tasks: the caller's open tasks due by the end of this week across their farms, shared by the crop
// management screen ("This week") and the dashboard's farmer card.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTask, TTasks } from '../../../contract/crop-plans';
import { api } from '../api-client';
import { localDay } from '../format';
import { queryRoots } from '../query-keys';

/** How far back overdue tasks are still shown (the server answers windows of at most 400 days). */
const OVERDUE_DAYS = 180;
const DAY_MS = 86_400_000;

/** The last day (Sunday, 'YYYY-MM-DD') of the week `day` falls in; weeks start on Monday, as in both languages. */
export function endOfWeek(day: string): string {
  const date = new Date(`${day}T12:00:00`);
  const toSunday = (7 - date.getDay()) % 7;
  return localDay(new Date(date.getTime() + toSunday * DAY_MS));
}

/** The window "This week" asks for: overdue tasks of the last months and those due by Sunday. */
export function weekWindow(today: string): { from: string; to: string } {
  const from = localDay(new Date(new Date(`${today}T12:00:00`).getTime() - OVERDUE_DAYS * DAY_MS));
  return { from, to: endOfWeek(today) };
}

/** Every task list of the crops screen keys under this (a task's change refreshes them all). */
export const tasksKey = [...queryRoots.crops, 'tasks'] as const;

export const weekTasksQuery = (today: string) => {
  const { from, to } = weekWindow(today);
  return queryOptions({
    queryKey: [...tasksKey, 'week', from, to],
    queryFn: ({ signal }) => api.get<TTasks>(`/api/tasks?from=${from}&to=${to}&status=open`, signal),
  });
};

export const useWeekTasks = (enabled = true) => useQuery({ ...weekTasksQuery(localDay()), enabled });

/** A task's name in the reader's words: the farmer's own title, else its kind (with its round: "Weeding (2)"). */
export function taskName(
  task: Pick<TTask, 'kind' | 'title' | 'round'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (task.title) {
    return task.title;
  }
  const name = t(`crops:task.kinds.${task.kind}`);
  return task.round && task.round > 1 ? t('crops:task.withRound', { name, round: task.round }) : name;
}
