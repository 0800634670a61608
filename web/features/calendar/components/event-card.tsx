// One event in the Events tab: what kind and what it is, when (in the reader's language and time), where (with a
// map link only when it has a pin), whose, who is coming and how many places are left, the reader's answer with
// the buttons to give it, the lessons to read before, and the .ics file that puts it in a phone's calendar.
import { CalendarPlus, Clock, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCalendarEvent } from '../../../../contract/calendar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatWindow, mapLink } from '../../../lib/delivery-terms';
import { RsvpButtons } from './rsvp-buttons';

/** Places still free, or null when the event has no limit. */
export const placesLeft = (event: Pick<TCalendarEvent, 'capacity' | 'counts'>): number | null =>
  event.capacity === null ? null : Math.max(0, event.capacity - event.counts.yes);

/** Whether answering still makes sense: not once it has ended, nor when it was cancelled. */
export const isOpen = (event: Pick<TCalendarEvent, 'endsAt' | 'cancelled'>, now = Date.now()): boolean =>
  !event.cancelled && Date.parse(event.endsAt) > now;

export function EventCard({ event, onOpen }: { event: TCalendarEvent; onOpen: (id: number) => void }) {
  const { t } = useTranslation('calendar');
  const left = placesLeft(event);
  const headingId = `event-${event.id}-title`;
  return (
    <Card data-testid="event-card" aria-labelledby={headingId} role="article">
      <CardHeader className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Badge>{t(`kinds.${event.kind}`)}</Badge>
          {event.group ? <Badge variant="outline">{t('card.membersOnly')}</Badge> : null}
          {event.cancelled ? <Badge variant="destructive">{t('card.cancelled')}</Badge> : null}
        </div>
        <h3 id={headingId} className="text-base font-semibold break-words text-stone-900">
          {event.title}
        </h3>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-stone-800">
        <EventFacts event={event} />
        <p data-testid="event-counts">
          {t('card.counts', { count: event.counts.yes, maybe: event.counts.maybe })}
          {left === null ? null : ` · ${left === 0 ? t('card.full') : t('card.placesLeft', { count: left })}`}
        </p>
        {isOpen(event) ? <RsvpButtons event={event} full={left === 0} /> : null}
        {event.lessons.length > 0 ? (
          <div>
            <p className="font-medium">{t('card.lessons')}</p>
            <ul className="flex flex-col">
              {event.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <Link
                    href={`/education/${lesson.slug}`}
                    className="inline-flex min-h-11 items-center text-brand-800 hover:underline"
                  >
                    {lesson.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onOpen(event.id)} aria-describedby={headingId}>
            {t('card.details')}
          </Button>
          {event.cancelled ? null : (
            <Button variant="ghost" asChild>
              <a href={`/api/calendar/${event.id}.ics`} download aria-describedby={headingId}>
                <CalendarPlus aria-hidden className="h-4 w-4" />
                {t('card.addToCalendar')}
              </a>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** When (in the reader's language and time zone), where (a map link only for a pinned place), and whose. */
function EventFacts({ event }: { event: TCalendarEvent }) {
  const { t, i18n } = useTranslation('calendar');
  const map = mapLink(event.place);
  return (
    <ul className="flex flex-col gap-1">
      <li className="flex items-start gap-2">
        <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" />
        <span>{formatWindow({ from: event.startsAt, to: event.endsAt }, i18n.language)}</span>
      </li>
      <li className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" />
        <span className="break-words">
          {event.place.name}
          {map ? (
            <>
              {' · '}
              <a
                href={map}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-800 underline"
                aria-label={t('card.mapOf', { place: event.place.name })}
              >
                {t('card.map')}
              </a>
            </>
          ) : null}
        </span>
      </li>
      <li className="flex items-start gap-2">
        <Users aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" />
        <span>
          {event.group
            ? t('card.byGroup', { group: event.group.name })
            : t('card.byOrganiser', { user: event.organiser.username })}
        </span>
      </li>
    </ul>
  );
}
