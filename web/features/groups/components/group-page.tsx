// A group's page (/groups/:id): its header (name, kind, region, members, the reader's role or what they can do about
// joining) and its tabs from one list: the feed, the members, the settings and a co-operative's lessons read for its
// admins, then the tabs the app adds (a co-operative's operations), each shown to whom it concerns. `?tab=` opens one.
import { useQuery } from '@tanstack/react-query';
import { GraduationCap, MapPin, MessageSquare, Settings, Users } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { TGroup } from '../../../../contract/groups';
import { ProposeAgreementLink } from '../../../components/agreements/propose-link';
import { BlockSpinner, QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { formatNumber } from '../../../lib/format';
import { groupQuery } from '../../../lib/queries/groups';
import { markFirstScreen } from '../../../lib/when-idle';
import { type GroupTab, tabNamespaces } from '../group-tabs';
import { GroupFeed } from './group-feed';
import { GroupLearning } from './group-learning';
import { GroupMembers } from './group-members';
import { GroupSettings } from './group-settings';
import { MembershipActions } from './membership-actions';

/** The page's own tabs; the app's come after them. */
export const GROUP_TABS: readonly GroupTab[] = [
  {
    id: 'feed',
    labelKey: 'groups:tabs.feed',
    icon: MessageSquare,
    visible: () => true,
    Component: GroupFeed,
  },
  {
    id: 'members',
    labelKey: 'groups:tabs.members',
    icon: Users,
    visible: (group) => group.can.read,
    Component: GroupMembers,
  },
  {
    id: 'settings',
    labelKey: 'groups:tabs.settings',
    icon: Settings,
    visible: (group) => group.can.manage,
    Component: GroupSettings,
  },
  {
    id: 'learning',
    labelKey: 'groups:tabs.learning',
    icon: GraduationCap,
    // A co-operative's admins count its members' reading (the server answers them alone).
    visible: (group) => group.kind === 'cooperative' && group.can.manage,
    Component: GroupLearning,
  },
];

/** Where "back" goes: the network's Groups tab. */
export const GROUPS_TAB_PATH = '/network?tab=groups';

export function GroupPage({ groupId, extraTabs = [] }: { groupId: number; extraTabs?: readonly GroupTab[] }) {
  const tabs = [...GROUP_TABS, ...extraTabs];
  const { t } = useTranslation(tabNamespaces(tabs));
  const group = useQuery(groupQuery(groupId));
  // The page's first paint releases the app's idle work, as a screen's header does.
  useEffect(markFirstScreen, []);
  return (
    <div>
      <Link
        href={GROUPS_TAB_PATH}
        className="mb-4 inline-flex min-h-11 items-center text-sm text-brand-800 underline"
      >
        {t('groups:page.back')}
      </Link>
      <QueryState query={group} error={(message) => t('groups:page.loadError', { message })}>
        {(data) => <GroupView group={data} tabs={tabs} />}
      </QueryState>
    </div>
  );
}

function GroupView({ group, tabs }: { group: TGroup; tabs: readonly GroupTab[] }) {
  const { t } = useTranslation(tabNamespaces(tabs));
  const search = useSearch();
  const [tab, setTab] = useState(() => new URLSearchParams(search).get('tab') ?? 'feed');
  const shown = tabs.filter((item) => item.visible(group));
  return (
    <>
      <GroupHeader group={group} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList
          aria-label={t('groups:tabs.label')}
          className="flex h-auto flex-wrap justify-start border border-stone-200"
        >
          {shown.map(({ id, labelKey, icon: Icon }) => (
            <TabsTrigger key={id} value={id} className="min-h-11">
              {Icon ? <Icon aria-hidden className="h-4 w-4" /> : null}
              {t(labelKey)}
            </TabsTrigger>
          ))}
        </TabsList>
        {shown.map(({ id, Component }) => (
          <TabsContent key={id} value={id}>
            {/* A tab loaded when first opened waits here, the page around it staying. */}
            <Suspense fallback={<BlockSpinner className="py-8" />}>
              <Component group={group} />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

/** Name, kind, region, members, the reader's role, description and crops; what the reader can do about joining. */
function GroupHeader({ group }: { group: TGroup }) {
  const { t, i18n } = useTranslation('groups');
  return (
    <header className="mb-6 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{group.name}</h1>
        <Badge variant={group.kind === 'cooperative' ? 'default' : 'secondary'}>
          {t(`kind.${group.kind}`)}
        </Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        {group.region ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="h-4 w-4" />
            {group.region}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden className="h-4 w-4" />
          {t('card.members', {
            count: group.memberCount,
            shown: formatNumber(group.memberCount, i18n.language),
          })}
        </span>
        {group.me?.status === 'active' ? (
          <span data-testid="my-role">{t('page.myRole', { role: t(`role.${group.me.role}`) })}</span>
        ) : null}
      </p>
      {group.description ? (
        <p className="text-sm break-words whitespace-pre-wrap text-stone-700">{group.description}</p>
      ) : null}
      {group.crops.length > 0 ? (
        <p className="text-sm text-stone-700">{t('card.crops', { crops: group.crops.join(', ') })}</p>
      ) : null}
      {/* A buyer may agree now with a co-operative on its members' coming harvest. */}
      {group.kind === 'cooperative' ? <ProposeAgreementLink groupId={group.id} /> : null}
      {/* A reader kept out of the feed finds the way in where the feed would be ("Join to read"). */}
      {group.can.read ? (
        <div>
          <MembershipActions group={group} />
        </div>
      ) : null}
    </header>
  );
}
