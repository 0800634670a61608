// /network: the network's tabs, its Groups tab drawn by the groups feature (loaded when the tab is first opened).
import { Suspense } from 'react';
import { BlockSpinner } from '../components/query-state';
import { NetworkPage } from '../features/network/components/network-page';
import { preloadable } from '../lib/preloadable';

const GroupsTab = preloadable(() =>
  import('../features/groups/components/groups-tab').then((m) => m.GroupsTab),
).Component;

export function NetworkScreen() {
  return (
    <NetworkPage
      groups={
        <Suspense fallback={<BlockSpinner className="py-8" />}>
          <GroupsTab />
        </Suspense>
      }
    />
  );
}
