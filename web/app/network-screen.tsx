// /network: the network's tabs, its Events tab drawn by the calendar feature and its Groups tab by the groups
// feature (each loaded when its tab is first opened).
import { Suspense } from 'react';
import { BlockSpinner } from '../components/query-state';
import { NetworkPage } from '../features/network/components/network-page';
import { preloadable } from '../lib/preloadable';

const EventsTab = preloadable(() =>
  import('../features/calendar/components/events-tab').then((m) => m.EventsTab),
).Component;

const GroupsTab = preloadable(() =>
  import('../features/groups/components/groups-tab').then((m) => m.GroupsTab),
).Component;

export function NetworkScreen() {
  return (
    <NetworkPage
      events={
        <Suspense fallback={<BlockSpinner className="py-8" />}>
          <EventsTab />
        </Suspense>
      }
      groups={
        <Suspense fallback={<BlockSpinner className="py-8" />}>
          <GroupsTab />
        </Suspense>
      }
    />
  );
}
