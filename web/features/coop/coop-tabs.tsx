// The co-operative's operations as tabs of the group page: each with its catalogue label, who sees it (from the
// caller's place in the group, the server enforcing the same), and its screen, loaded when first opened (a
// discussion group's page never downloads them): the page draws a tab's Component inside a Suspense boundary. Labels
// are keys of the `coop` catalogue, namespaced ('coop:tabs.intakes'), so any `t` reads them once it is loaded.
import { type ComponentType, lazy } from 'react';
import type { TGroup } from '../../../contract/groups';

export interface CoopTab {
  id: string;
  labelKey: string;
  visible: (group: TGroup) => boolean;
  Component: ComponentType<{ group: TGroup }>;
}

const isCoop = (group: TGroup) => group.kind === 'cooperative';
const isActiveMember = (group: TGroup) => isCoop(group) && group.me?.status === 'active';

const IntakesTab = lazy(() => import('./components/intakes-tab').then((m) => ({ default: m.IntakesTab })));
const LotsTab = lazy(() => import('./components/lots-tab').then((m) => ({ default: m.LotsTab })));
const SettlementsTab = lazy(() =>
  import('./components/settlements-tab').then((m) => ({ default: m.SettlementsTab })),
);
const CreditTab = lazy(() => import('./components/credit-tab').then((m) => ({ default: m.CreditTab })));
const BooksTab = lazy(() => import('./components/books-tab').then((m) => ({ default: m.BooksTab })));
const StatementTab = lazy(() =>
  import('./components/statement-tab').then((m) => ({ default: m.StatementTab })),
);
const BroadcastTab = lazy(() =>
  import('./components/broadcast-tab').then((m) => ({ default: m.BroadcastTab })),
);

export const coopTabs: readonly CoopTab[] = [
  // A keeper records deliveries and sees all of them; a member sees their own, read-only, under their own name.
  {
    id: 'intakes',
    labelKey: 'coop:tabs.intakes',
    visible: (g) => isCoop(g) && g.can.keep,
    Component: IntakesTab,
  },
  {
    id: 'deliveries',
    labelKey: 'coop:tabs.deliveries',
    visible: (g) => isActiveMember(g) && !g.can.keep,
    Component: IntakesTab,
  },
  { id: 'lots', labelKey: 'coop:tabs.lots', visible: (g) => isCoop(g) && g.can.keep, Component: LotsTab },
  {
    id: 'settlements',
    labelKey: 'coop:tabs.settlements',
    visible: (g) => isCoop(g) && g.can.manage,
    Component: SettlementsTab,
  },
  {
    id: 'credit',
    labelKey: 'coop:tabs.credit',
    visible: (g) => isCoop(g) && g.can.manage,
    Component: CreditTab,
  },
  {
    id: 'books',
    labelKey: 'coop:tabs.books',
    visible: (g) => isCoop(g) && g.can.manage,
    Component: BooksTab,
  },
  { id: 'statement', labelKey: 'coop:tabs.statement', visible: isActiveMember, Component: StatementTab },
  {
    id: 'broadcast',
    labelKey: 'coop:tabs.broadcast',
    visible: (g) => isCoop(g) && g.can.manage,
    Component: BroadcastTab,
  },
];
