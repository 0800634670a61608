// A plan's tasks in date order: tick one done, skip it, open it again, or give it to a member of the farm; each
// change goes through the outbox and shows at once (and as waiting while it is on this phone only).
import { useQuery } from '@tanstack/react-query';
import { Check, CloudOff, SkipForward, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTask } from '../../../../contract/crop-plans';
import { lessonForTask } from '../../../../contract/lessons';
import { LessonLink } from '../../../components/lesson-link';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { taskName } from '../../../lib/queries/tasks';
import { useUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast-store';
import { membersQuery } from '../api/keys';
import { applyChange, type TaskChange, useUpdateTask, useWaitingTaskChanges } from '../api/update-task';
import { useCropFormat } from './use-crop-format';

/** Open tasks a plan's page lists before "all tasks". */
const FIRST_TASKS = 5;

export function PlanTasks({
  farmId,
  tasks,
  writable,
}: {
  farmId: number;
  tasks: TTask[];
  writable: boolean;
}) {
  const { t } = useTranslation('crops');
  const waiting = useWaitingTaskChanges();
  const members = useQuery({ ...membersQuery(farmId), enabled: writable });
  const userId = useUser().data?.id;
  const [all, setAll] = useState(false);
  if (tasks.length === 0) {
    return <p className="text-sm text-stone-600">{t('plan.noTasks')}</p>;
  }
  const sorted = tasks
    .map((task) => applyChange(task, waiting.get(task.id)))
    .sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
  // A season holds many tasks (weekly scouting): the next few to do first, the rest on demand.
  const next = sorted.filter((task) => task.status === 'open').slice(0, FIRST_TASKS);
  // A closed plan has none to do: its first tasks then, the rest on demand as well.
  const shown = all ? sorted : next.length > 0 ? next : sorted.slice(0, FIRST_TASKS);
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-stone-100">
        {shown.map((task) => (
          <PlanTaskRow
            key={task.id}
            task={task}
            waiting={waiting.has(task.id)}
            writable={writable}
            me={userId}
            members={members.data?.map((m) => ({ id: m.userId, username: m.username })) ?? []}
          />
        ))}
      </ul>
      {shown.length < sorted.length ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => setAll(true)}>
          {t('plan.allTasks', { count: sorted.length })}
        </Button>
      ) : null}
    </div>
  );
}

function PlanTaskRow({
  task,
  waiting,
  writable,
  members,
  me,
}: {
  task: TTask;
  waiting: boolean;
  writable: boolean;
  me: number | undefined;
  members: { id: number; username: string }[];
}) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const update = useUpdateTask();
  const name = taskName(task, t);
  const today = localDay();
  const overdue = task.status === 'open' && task.due.slice(0, 10) < today;
  const change = (next: TaskChange) =>
    mutateThen(
      update,
      { task, change: next, name },
      { onError: (error) => toastError(t('week.failed'), error) },
    );
  const people =
    task.assignee && !members.some((m) => m.id === task.assignee?.id) ? [task.assignee, ...members] : members;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="plan-task">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className={cn('font-medium', task.status !== 'open' && 'text-stone-500 line-through')}>{name}</p>
          <p className={cn('text-sm', overdue ? 'font-medium text-red-700' : 'text-stone-600')}>
            {task.status === 'done' && task.doneAt
              ? t('task.doneOn', { date: f.day(task.doneAt) })
              : overdue
                ? t('week.overdueSince', { date: f.day(task.due) })
                : t('week.due', { date: f.day(task.due) })}
            {task.status === 'done' && task.doneAt ? null : ` · ${t(`task.status.${task.status}`)}`}
          </p>
          <TaskLesson task={task} />
          {task.recordedBy && task.recordedBy.id !== me ? (
            <p className="text-xs text-stone-600">
              {t('task.recordedBy', { name: task.recordedBy.username })}
            </p>
          ) : null}
          {waiting ? (
            <p className="flex items-center gap-1 text-xs text-amber-800" data-testid="task-waiting">
              <CloudOff aria-hidden className="h-3.5 w-3.5" />
              {t('week.waiting')}
            </p>
          ) : null}
        </div>
        {writable ? (
          <div className="flex flex-wrap gap-2">
            {task.status === 'open' ? (
              <>
                <Button
                  size="sm"
                  aria-label={t('week.markDone', { task: name })}
                  onClick={() => change({ status: 'done', doneAt: today })}
                >
                  <Check aria-hidden className="h-4 w-4" />
                  {t('week.done')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => change({ status: 'skipped' })}>
                  <SkipForward aria-hidden className="h-4 w-4" />
                  {t('task.skip')}
                </Button>
              </>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => change({ status: 'open' })}>
                <Undo2 aria-hidden className="h-4 w-4" />
                {t('task.reopen')}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {writable && task.status === 'open' && people.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`task-assignee-${task.id}`} className="shrink-0 text-xs text-stone-700">
            {t('task.assignee')}
          </label>
          <Select
            id={`task-assignee-${task.id}`}
            className="w-auto min-w-40 flex-1 text-sm sm:flex-none"
            value={task.assignee ? String(task.assignee.id) : ''}
            onChange={(event) =>
              change({ assigneeId: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{t('task.nobody')}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.username}
              </option>
            ))}
          </Select>
        </div>
      ) : task.assignee ? (
        <p className="text-xs text-stone-600">{t('task.assignedTo', { name: task.assignee.username })}</p>
      ) : null}
    </li>
  );
}

/** The lesson for the task's kind and crop, one tap away (nothing for a task no lesson covers). */
function TaskLesson({ task }: { task: TTask }) {
  const slug = lessonForTask(task.kind, task.plan?.crop ?? null);
  return slug === null ? null : <LessonLink slug={slug} />;
}
