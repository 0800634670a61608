// Who answered an event and who came, for whoever checks people in: a tap marks someone as seen now, kept on the
// phone when the field has no signal (the time is the phone's, taken at the tap) and sent once it has.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCalendarEvent } from '../../../../contract/calendar';
import { ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { useWaitingWrites } from '../../../lib/outbox/use-waiting-writes';
import { attendeesQuery, checkInPath, type TAttendee, useCheckIn } from '../../../lib/queries/calendar';
import { queryRoots } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast-store';

export function AttendeesList({ event }: { event: TCalendarEvent }) {
  const { t } = useTranslation('calendar');
  const attendees = useQuery(attendeesQuery(event.id));
  const queryClient = useQueryClient();
  const userId = useUser().data?.id ?? null;
  const waiting = useWaitingWrites(userId, { method: 'POST', path: checkInPath(event.id) }, () => {
    void queryClient.invalidateQueries({ queryKey: queryRoots.calendar });
  });
  const kept = new Set(waiting.map((item) => (item.body as { userId: number }).userId));
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('detail.attendees')}</h3>
      <QueryState
        query={attendees}
        error={t('detail.attendeesError')}
        errorClassName={ERROR_SMALL}
        pending={<Spinner />}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-stone-600">{t('detail.noAttendees')}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-stone-200" data-testid="attendees">
            {list.map((attendee) => (
              <AttendeeRow
                key={attendee.user.id}
                event={event}
                attendee={attendee}
                waiting={kept.has(attendee.user.id)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function AttendeeRow({
  event,
  attendee,
  waiting,
}: {
  event: TCalendarEvent;
  attendee: TAttendee;
  waiting: boolean;
}) {
  const { t, i18n } = useTranslation('calendar');
  const checkIn = useCheckIn(event);
  const { user, answer, checkedInAt } = attendee;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="attendee">
      <div className="min-w-0">
        <p className="font-medium break-words">{user.username}</p>
        <p className="text-xs text-stone-600">
          {answer === null ? t('detail.noAnswer') : t(`answers.${answer}`)}
          {checkedInAt === null
            ? null
            : ` · ${t('detail.came', { time: formatDate(checkedInAt, i18n.language, 'p') })}`}
          {waiting ? ` · ${t('detail.checkInWaiting')}` : null}
        </p>
      </div>
      {event.mayCheckIn && checkedInAt === null && !waiting ? (
        <Button
          variant="secondary"
          disabled={checkIn.isPending}
          aria-label={t('detail.checkInUser', { user: user.username })}
          onClick={() =>
            mutateThen(checkIn, user, { onError: (error) => toastError(t('detail.checkInFailed'), error) })
          }
        >
          {t('detail.checkIn')}
        </Button>
      ) : null}
    </li>
  );
}
