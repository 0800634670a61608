// "This week": the open tasks due by Sunday on every farm of the caller, overdue ones first and in red, each done
// with one tap, offline too (the outbox keeps it; the list shows it done and waiting until it is sent).
import { Check, CloudOff, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTask } from '../../../../contract/crop-plans';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { localDay } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { preloadable } from '../../../lib/preloadable';
import { taskName, useWeekTasks } from '../../../lib/queries/tasks';
import { toastError } from '../../../lib/toast-store';
import { applyChange, useUpdateTask, useWaitingTaskChanges } from '../api/update-task';
import { useCropFormat } from './use-crop-format';

// The "Add a task" dialog (its form and the contract's rules) loads when first wanted.
const taskDialog = preloadable(() => import('./task-dialog').then((m) => m.TaskDialog));

/** `farmId`: the farm picked, the one a task added here goes on (when the caller may add one there). */
export function WeekTasks({ hasPlans, farmId }: { hasPlans: boolean; farmId: number | null }) {
  const { t } = useTranslation('crops');
  const query = useWeekTasks();
  const waiting = useWaitingTaskChanges();
  const [adding, setAdding] = useState(false);
  return (
    <Card data-testid="week-tasks">
      <CardHeader className="flex flex-col gap-2">
        <CardTitle>{t('week.title')}</CardTitle>
        <CardDescription>{t('week.intro')}</CardDescription>
        {farmId === null ? null : (
          <div>
            <Button
              variant="secondary"
              onPointerEnter={() => void taskDialog.preload()}
              onClick={() => setAdding(true)}
            >
              <Plus aria-hidden className="h-4 w-4" />
              {t('newTask.button')}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        <QueryState query={query} error={t('loadError')}>
          {(data) => {
            const tasks = data.tasks
              .map((task) => applyChange(task, waiting.get(task.id)))
              .sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
            if (tasks.length === 0) {
              return (
                <div className="text-sm text-stone-700">
                  <p className="font-medium">{t('week.empty')}</p>
                  <p className="text-stone-600">{hasPlans ? t('week.emptyHint') : t('week.noPlanHint')}</p>
                </div>
              );
            }
            const farms = new Set(tasks.map((task) => task.farmId));
            return (
              <ul className="divide-y divide-stone-100">
                {tasks.map((task) => (
                  <WeekTaskRow
                    key={task.id}
                    task={task}
                    waiting={waiting.has(task.id)}
                    showFarm={farms.size > 1}
                  />
                ))}
              </ul>
            );
          }}
        </QueryState>
      </CardContent>
      {adding && farmId !== null ? (
        <Suspense fallback={null}>
          <taskDialog.Component farmId={farmId} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function WeekTaskRow({ task, waiting, showFarm }: { task: TTask; waiting: boolean; showFarm: boolean }) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const update = useUpdateTask();
  const today = localDay();
  const done = task.status === 'done';
  const overdue = !done && task.due.slice(0, 10) < today;
  const name = taskName(task, t);
  const where = [
    task.plan ? t('task.onPlot', { crop: f.crop(task.plan.crop), plot: task.plan.plotName }) : null,
    showFarm ? task.farmName : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="flex items-center gap-3 py-3" data-testid="week-task">
      <div className="min-w-0 flex-1">
        <p className={cn('font-medium text-stone-900', done && 'text-stone-500 line-through')}>{name}</p>
        {where ? <p className="text-sm text-stone-600">{where}</p> : null}
        <p className={cn('text-sm', overdue ? 'font-medium text-red-700' : 'text-stone-600')}>
          {overdue
            ? t('week.overdueSince', { date: f.shortDay(task.due) })
            : task.due.slice(0, 10) === today
              ? t('week.dueToday')
              : t('week.due', { date: f.shortDay(task.due) })}
        </p>
        {waiting ? (
          <p className="flex items-center gap-1 text-xs text-amber-800" data-testid="task-waiting">
            <CloudOff aria-hidden className="h-3.5 w-3.5" />
            {t('week.waiting')}
          </p>
        ) : null}
      </div>
      {done ? (
        <span className="flex items-center gap-1 text-sm font-medium text-brand-800">
          <Check aria-hidden className="h-4 w-4" />
          {t('task.status.done')}
        </span>
      ) : (
        <Button
          variant="secondary"
          aria-label={t('week.markDone', { task: name })}
          disabled={update.isPending}
          onClick={() =>
            mutateThen(
              update,
              { task, change: { status: 'done', doneAt: today }, name },
              { onError: (error) => toastError(t('week.failed'), error) },
            )
          }
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('week.done')}
        </Button>
      )}
    </li>
  );
}
