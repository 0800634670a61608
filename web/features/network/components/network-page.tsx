// The network screen: feed, connections, events and groups (events drawn by the calendar feature and groups by the
// groups feature, which the app hands in: features do not import each other). `?tab=` opens a tab (a group's page
// links back to its Groups, an event's notification to its event).
import { CalendarDays, Newspaper, Users, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { PageHeader } from '../../../components/ui/page-header';
import { ConnectionsTab } from './connections-tab';
import { FeedTab } from './feed-tab';
import { NetworkTabs } from './network-tabs';

export function NetworkPage({ events, groups }: { events: ReactNode; groups: ReactNode }) {
  const { t } = useTranslation('network');
  const search = useSearch();
  const [tab, setTab] = useState(() => new URLSearchParams(search).get('tab') ?? 'feed');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NetworkTabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'feed',
            label: t('tabs.feed'),
            icon: Newspaper,
            content: <FeedTab onCreateEvent={() => setTab('events')} />,
          },
          { value: 'connections', label: t('tabs.connections'), icon: Users, content: <ConnectionsTab /> },
          { value: 'events', label: t('tabs.events'), icon: CalendarDays, content: events },
          {
            value: 'groups',
            label: t('tabs.groups'),
            icon: UsersRound,
            content: groups,
          },
        ]}
      />
    </>
  );
}
