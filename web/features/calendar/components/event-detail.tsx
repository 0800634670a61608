// One event opened from its card (or from a notification's link, `?tab=events&event=ID`): its description, who is
// coming and who came (for those who check people in), a meeting's minutes, and cancelling it for its organiser.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TCalendarEvent, ZMinutesInput } from '../../../../contract/calendar';
import { EntityDialog } from '../../../components/entity-dialog';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { formatWindow } from '../../../lib/delivery-terms';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { calendarEventQuery, useCancelEvent, useSaveMinutes } from '../../../lib/queries/calendar';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { AttendeesList } from './attendees-list';
import { isOpen } from './event-card';

export function EventDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const event = useQuery(calendarEventQuery(id));
  return (
    <EntityDialog open onClose={onClose} title={event.data?.title ?? t('detail.title')} size="lg">
      <QueryState
        query={event}
        error={t('detail.loadError')}
        errorClassName={ERROR_SMALL}
        pending={<BlockSpinner className="py-6" />}
      >
        {(data) => <EventDetail event={data} />}
      </QueryState>
    </EntityDialog>
  );
}

export function EventDetail({ event }: { event: TCalendarEvent }) {
  const { t, i18n } = useTranslation('calendar');
  const meeting = event.kind === 'coop_meeting';
  return (
    <div className="flex flex-col gap-4 text-sm text-stone-800" data-testid="event-detail">
      <div className="flex flex-wrap gap-2">
        <Badge>{t(`kinds.${event.kind}`)}</Badge>
        {event.cancelled ? <Badge variant="destructive">{t('card.cancelled')}</Badge> : null}
      </div>
      <p>{formatWindow({ from: event.startsAt, to: event.endsAt }, i18n.language)}</p>
      <p className="break-words">{event.place.name}</p>
      {event.description === '' ? null : (
        <p className="break-words whitespace-pre-line">{event.description}</p>
      )}
      <p>
        {t('card.counts', { count: event.counts.yes, maybe: event.counts.maybe })}
        {event.attended > 0 ? ` · ${t('detail.attended', { count: event.attended })}` : null}
      </p>
      {event.mayManage || event.mayCheckIn ? <AttendeesList event={event} /> : null}
      {meeting && event.mayManage ? (
        <MinutesEditor event={event} />
      ) : event.minutes ? (
        <section>
          <h3 className="font-semibold">{t('detail.minutes')}</h3>
          <p className="break-words whitespace-pre-line">{event.minutes}</p>
        </section>
      ) : null}
      {event.mayManage && isOpen(event) ? <CancelEvent event={event} /> : null}
    </div>
  );
}

function MinutesEditor({ event }: { event: TCalendarEvent }) {
  const { t } = useTranslation('calendar');
  const save = useSaveMinutes(event);
  const prefix = `minutes-${event.id}-`;
  const form = useZodForm(ZMinutesInput, { minutes: event.minutes ?? '' }, { idPrefix: prefix });
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((input) =>
        mutateThen(save, input, {
          onSuccess: (result) => {
            if (!isQueued(result)) {
              toast({ title: t('detail.minutesSaved') });
            }
          },
          onError: (error) => toastError(t('detail.minutesFailed'), error),
        }),
      )}
    >
      <Field
        id={`${prefix}minutes`}
        label={t('detail.minutes')}
        error={form.errors.minutes}
        hint={t('detail.minutesHint')}
      >
        <Textarea maxLength={10_000} className="min-h-32" {...form.field('minutes')} />
      </Field>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('detail.saveMinutes')}
      </Button>
    </form>
  );
}

function CancelEvent({ event }: { event: TCalendarEvent }) {
  const { t } = useTranslation('calendar');
  const cancel = useCancelEvent(event);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="destructive" className="self-start" onClick={() => setAsking(true)}>
        {t('detail.cancel')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('detail.cancelTitle', { title: event.title })}
        description={t('detail.cancelExplain')}
        confirmLabel={t('detail.cancel')}
        cancelLabel={t('detail.keep')}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          mutateThen(cancel, undefined, {
            onSuccess: (result) => {
              setAsking(false);
              if (!isQueued(result)) {
                toast({ title: t('detail.cancelled') });
              }
            },
            onError: (error) => toastError(t('detail.cancelFailed'), error),
          })
        }
      />
    </>
  );
}
