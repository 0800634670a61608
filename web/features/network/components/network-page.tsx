// The network screen: feed, connections, events (coming soon) and groups (drawn by the groups feature, which the
// app hands in: features do not import each other). `?tab=` opens a tab (a group's page links back to its Groups).
import { CalendarDays, Newspaper, Users, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { ConnectionsTab } from './connections-tab';
import { FeedTab } from './feed-tab';
import { NetworkTabs } from './network-tabs';

function ComingSoon({ text }: { text: string }) {
  const { t } = useTranslation('network');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('comingSoon')}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}

export function NetworkPage({ groups }: { groups: ReactNode }) {
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
          {
            value: 'events',
            label: t('tabs.events'),
            icon: CalendarDays,
            content: <ComingSoon text={t('eventsSoon')} />,
          },
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
