// The reader's answer to an event and the three buttons to give or change it. An answer goes through the outbox, so
// it is given offline too: until the server has it, the button shows it pressed and says it waits on the phone.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RSVP_ANSWERS, type RsvpAnswer, type TCalendarEvent } from '../../../../contract/calendar';
import { Button } from '../../../components/ui/button';
import { mutateThen } from '../../../lib/mutate-then';
import type { OutboxItem } from '../../../lib/outbox/outbox-item';
import { useWaitingWrites } from '../../../lib/outbox/use-waiting-writes';
import { rsvpPath, useRsvp } from '../../../lib/queries/calendar';
import { queryRoots } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast-store';

/** Yes first: the answer most give, under the thumb. */
const ORDER: readonly RsvpAnswer[] = ['yes', 'maybe', 'no'];

/** The latest answer still on the phone (the one the server will end with), if any. */
export function waitingAnswer(items: readonly Pick<OutboxItem, 'body'>[]): RsvpAnswer | null {
  const body = items.at(-1)?.body as { answer?: unknown } | undefined;
  const answer = body?.answer;
  return (RSVP_ANSWERS as readonly unknown[]).includes(answer) ? (answer as RsvpAnswer) : null;
}

export function RsvpButtons({ event, full }: { event: TCalendarEvent; full: boolean }) {
  const { t } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const userId = useUser().data?.id ?? null;
  const waiting = useWaitingWrites(userId, { method: 'POST', path: rsvpPath(event.id) }, () => {
    void queryClient.invalidateQueries({ queryKey: queryRoots.calendar });
  });
  const rsvp = useRsvp(event);
  const kept = waitingAnswer(waiting);
  const shown = kept ?? event.myAnswer;
  const answer = (value: RsvpAnswer) =>
    mutateThen(rsvp, value, { onError: (error) => toastError(t('card.answerFailed'), error) });
  return (
    <div className="flex flex-col gap-2" data-testid="rsvp">
      <p>
        {shown === null ? t('card.noAnswer') : t('card.myAnswer', { answer: t(`answers.${shown}`) })}
        {kept === null ? null : <span className="text-amber-800"> · {t('card.answerWaiting')}</span>}
      </p>
      <fieldset>
        <legend className="sr-only">{t('card.answerGroup', { title: event.title })}</legend>
        <div className="grid grid-cols-3 gap-2">
          {ORDER.map((value) => (
            <Button
              key={value}
              variant={shown === value ? 'primary' : 'secondary'}
              aria-pressed={shown === value}
              // A full event takes no new "yes"; whoever already said yes keeps theirs.
              disabled={rsvp.isPending || (value === 'yes' && full && event.myAnswer !== 'yes')}
              onClick={() => answer(value)}
            >
              {t(`answers.${value}`)}
            </Button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
