// A group's page shows each reader the tabs that concern them, the app's added ones after its own, and a
// members-only group's feed to its members alone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TGroup } from '../../../../contract/groups';
import { groupQuery } from '../../../lib/queries/groups';
import { userQuery } from '../../../lib/session';
import type { GroupTab } from '../group-tabs';
import { GroupPage } from './group-page';

const group = (me: TGroup['me'], can: Partial<TGroup['can']> = {}): TGroup => ({
  id: 7,
  name: 'Coop Menoua',
  kind: 'cooperative',
  description: '',
  region: 'West',
  visibility: 'members',
  crops: ['Maize'],
  memberCount: 34,
  levyPercent: 2,
  transportPerTon: 0,
  gradeDifferentials: { A: 0, B: 0, C: 0 },
  account: { id: 90, username: 'coop-menoua' },
  me,
  can: { read: false, post: false, manage: false, keep: false, ...can },
  createdAt: '2026-11-01T00:00:00.000Z',
});

function Intakes() {
  return <p>intakes here</p>;
}

// As the co-operative's tabs are: no icon of their own.
const INTAKES: GroupTab = {
  id: 'intakes',
  labelKey: 'coop:tabs.intakes',
  visible: (g) => g.can.keep,
  Component: Intakes,
};

function render(shown: TGroup, search = '') {
  const client = new QueryClient();
  client.setQueryData(groupQuery(shown.id).queryKey, shown);
  client.setQueryData(userQuery().queryKey, { id: 1, username: 'amina' } as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={`/groups/${shown.id}`} ssrSearch={search}>
        <GroupPage groupId={shown.id} extraTabs={[INTAKES]} />
      </Router>
    </QueryClientProvider>,
  );
}

const tabs = (html: string) =>
  [...html.matchAll(/role="tab"[^>]*>(?:<svg.*?<\/svg>)?([^<]+)</g)].map((m) => m[1]);

beforeAll(async () => {
  // Keys stand for the texts: the page's wiring is under test, not its words.
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
});

describe('GroupPage', () => {
  it('shows a stranger of a members-only group its card and "Join to read", not its members', () => {
    const html = render(group(null));
    expect(tabs(html)).toEqual(['tabs.feed']);
    expect(html).toContain('data-testid="join-to-read"');
    expect(html).toContain('membership.ask');
  });

  it('shows an admin every tab, the app’s after its own', () => {
    const html = render(
      group({ role: 'admin', status: 'active' }, { read: true, post: true, manage: true, keep: true }),
    );
    expect(tabs(html)).toEqual([
      'tabs.feed',
      'tabs.members',
      'tabs.settings',
      'tabs.learning',
      'tabs.intakes',
    ]);
    expect(html).not.toContain('join-to-read');
  });

  it('opens the tab its address names', () => {
    const admin = group(
      { role: 'admin', status: 'active' },
      { read: true, post: true, manage: true, keep: true },
    );
    expect(render(admin, 'tab=intakes')).toContain('intakes here');
  });
});
