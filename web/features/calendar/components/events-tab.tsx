// The network's Events tab: the coming events (a group's marked for its members), the past ones on a toggle, the
// button to announce one for those who may, and the reader's calendar feed. `?event=ID` opens one event (a
// notification's link). Drawn by the calendar feature and handed to the network page by the app.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { BlockSpinner, ERROR_BOX, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { calendarEventsQuery } from '../../../lib/queries/calendar';
import { EventCard } from './event-card';
import { EventDetailDialog } from './event-detail';
import { AnnounceEvent } from './event-form';
import { FeedCard } from './feed-card';

/** The event an address names (`?event=12`), if any. */
export function linkedEvent(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('event'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function EventsTab() {
  const { t } = useTranslation('calendar');
  const search = useSearch();
  const [opened, setOpened] = useState(() => linkedEvent(search));
  const [past, setPast] = useState(false);
  const events = useQuery(calendarEventsQuery(past));
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="events-heading" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="events-heading" className="text-lg font-semibold text-stone-900">
            {past ? t('tab.pastTitle') : t('tab.comingTitle')}
          </h2>
          <AnnounceEvent />
        </div>
        <fieldset>
          <legend className="sr-only">{t('tab.which')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            {[false, true].map((value) => (
              <Button
                key={String(value)}
                variant={past === value ? 'primary' : 'secondary'}
                aria-pressed={past === value}
                onClick={() => setPast(value)}
              >
                {value ? t('tab.past') : t('tab.coming')}
              </Button>
            ))}
          </div>
        </fieldset>
        <QueryState
          query={events}
          error={t('tab.loadError')}
          errorClassName={ERROR_BOX}
          pending={<BlockSpinner className="py-8" />}
          isEmpty={(list) => list.length === 0}
          empty={
            <Card>
              <CardContent className="pt-4 text-center text-sm text-stone-600">
                {past ? t('tab.noPast') : t('tab.noComing')}
              </CardContent>
            </Card>
          }
        >
          {(list) => (
            <ul className="flex flex-col gap-4" data-testid="events">
              {list.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} onOpen={setOpened} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <aside className="flex flex-col gap-4 lg:sticky lg:top-4">
        <FeedCard />
      </aside>
      {opened === null ? null : <EventDetailDialog id={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
