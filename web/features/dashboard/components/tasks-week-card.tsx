// The farmer's "Tasks this week" card: how many open tasks are due by Sunday (overdue ones said apart), the next
// few by date, and the way to the crop management screen where each is ticked.
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { DAY_MONTH, formatDateParts, formatNumber, localDay } from '../../../lib/format';
import { taskName, useWeekTasks } from '../../../lib/queries/tasks';

/** Tasks the card names; the rest are counted. */
const SHOWN = 3;

export function TasksWeekCard() {
  const { t, i18n } = useTranslation(['dashboard', 'crops']);
  const query = useWeekTasks();
  const today = localDay();
  const tasks = [...(query.data?.tasks ?? [])].sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
  const overdue = tasks.filter((task) => task.due.slice(0, 10) < today).length;
  return (
    <Link
      href="/crops"
      className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      data-testid="tasks-week-card"
    >
      <Card className="h-full hover:border-brand-700">
        <CardHeader className="flex items-center justify-between">
          <h2 className="text-sm font-medium text-stone-700">{t('tasksWeek')}</h2>
          <CalendarCheck aria-hidden className="h-4 w-4 text-brand-800" />
        </CardHeader>
        <CardContent>
          {query.isSuccess ? (
            <>
              <p className="text-2xl font-bold">
                {tasks.length === 0
                  ? formatNumber(0, i18n.language)
                  : t('tasksWeekCount', { count: tasks.length })}
              </p>
              {overdue > 0 ? (
                <p className="text-xs font-medium text-red-700">
                  {t('tasksWeekOverdue', { count: overdue })}
                </p>
              ) : null}
              {tasks.length === 0 ? <p className="text-xs text-stone-600">{t('tasksWeekNone')}</p> : null}
              <ul className="mt-2 space-y-1 text-sm">
                {tasks.slice(0, SHOWN).map((task) => (
                  <li key={task.id} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">
                      {taskName(task, t)}
                      {task.plan ? <span className="text-stone-600"> · {task.plan.plotName}</span> : null}
                    </span>
                    <span
                      className={
                        task.due.slice(0, 10) < today
                          ? 'whitespace-nowrap text-red-700'
                          : 'whitespace-nowrap text-stone-600'
                      }
                    >
                      {formatDateParts(`${task.due.slice(0, 10)}T00:00:00`, i18n.language, DAY_MONTH)}
                    </span>
                  </li>
                ))}
              </ul>
              {tasks.length > SHOWN ? (
                <p className="text-xs text-stone-600">
                  {t('tasksWeekMore', { count: tasks.length - SHOWN })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-xs text-stone-600">{t('tasksWeekOpen')}</p>
          )}
        </CardContent>
      </Card>
    </Link>
  );
}
