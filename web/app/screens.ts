// The signed-in screens by path (one chunk each) and the catalogues they need first: the router renders them, and
// start-up begins loading the current path's screen (and its data) while the session is still being checked.
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { prefetchLesson } from '../features/lessons/api/prefetch';
import { prefetchMarketplace } from '../features/marketplace/api/prefetch';
import { prefetchSettings } from '../features/settings/api/prefetch';
import { preloadable } from '../lib/preloadable';

export const screens = {
  '/': {
    ...preloadable(() =>
      import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
    ),
    ns: ['dashboard', 'users'],
  },
  '/marketplace': {
    ...preloadable(() =>
      import('../features/marketplace/components/marketplace-page').then((m) => m.MarketplacePage),
    ),
    ns: ['marketplace'],
    data: prefetchMarketplace,
  },
  '/orders': {
    ...preloadable(() => import('../features/orders/components/orders-page').then((m) => m.OrdersPage)),
    ns: ['orders'],
  },
  '/deliveries': {
    ...preloadable(() =>
      import('../features/deliveries/components/deliveries-page').then((m) => m.DeliveriesPage),
    ),
    ns: ['orders'],
  },
  '/agent': {
    ...preloadable(() => import('../features/agents/components/agent-page').then((m) => m.AgentPage)),
    ns: ['agents'],
  },
  '/operations': {
    ...preloadable(() =>
      import('../features/operations/components/operations-page').then((m) => m.OperationsPage),
    ),
    ns: ['operations'],
  },
  '/catalogue': {
    ...preloadable(() =>
      import('../features/catalogue/components/catalogue-page').then((m) => m.CataloguePage),
    ),
    // The marketplace catalogue holds the contract's messages for the kind form (keys, kilograms, grades).
    ns: ['catalogue', 'marketplace'],
  },
  '/farms': {
    ...preloadable(() => import('./farms-screen').then((m) => m.FarmsScreen)),
    // The farm selector's, the weather card's and its alerts' lesson links' texts too: otherwise they load only
    // once the page has drawn (a second round trip).
    ns: ['farms', 'agronomy', 'farm-scope', 'weather', 'weather-alerts', 'lessons'],
  },
  '/crops': {
    ...preloadable(() => import('../features/crops/components/crops-page').then((m) => m.CropsPage)),
    // Crop names and agronomy sources, and the farm selector's texts (as the farm screen).
    ns: ['crops', 'agronomy', 'farm-scope'],
  },
  '/stock': {
    ...preloadable(() => import('../features/stock/components/stock-page').then((m) => m.StockPage)),
    // The forms load the marketplace catalogue (the contract's messages for quantities and grades) and the photo
    // picker its own, when a dialog opens.
    ns: ['stock'],
  },
  '/network': {
    ...preloadable(() => import('./network-screen').then((m) => m.NetworkScreen)),
    // The Events and Groups tabs' texts too (their code loads when the tab is opened).
    ns: ['network', 'groups', 'calendar'],
  },
  '/groups/:id': {
    ...preloadable(() => import('./group-screen').then((m) => m.GroupScreen)),
    // The forms' messages for crop names are the marketplace's.
    // The link to propose a forward agreement to a co-operative.
    ns: ['groups', 'coop', 'stock', 'marketplace', 'agreements'],
  },
  '/financial': {
    // A driver's is their earnings (orders catalogue); everyone else's the farm books.
    ...preloadable(() => import('./financial-screen').then((m) => m.FinancialScreen)),
    ns: ['finance', 'farm-scope', 'orders', 'agreements', 'agronomy'],
  },
  '/agreements': {
    ...preloadable(() =>
      import('../features/agreements/components/agreements-page').then((m) => m.AgreementsPage),
    ),
    // Crop names are the agronomy catalogue's.
    ns: ['agreements', 'agronomy'],
  },
  // Before '/agreements/:id', which would take 'new' for an agreement's number.
  '/agreements/new': {
    ...preloadable(() =>
      import('../features/agreements/components/proposal-page').then((m) => m.ProposalPage),
    ),
    // The contract's messages for quantities, prices and grades are the marketplace's.
    ns: ['agreements', 'agronomy', 'marketplace'],
  },
  '/agreements/:id': {
    ...preloadable(() =>
      import('../features/agreements/components/agreement-page').then((m) => m.AgreementScreen),
    ),
    // The deposit's wallet texts are the payments catalogue's; the counter form's messages the marketplace's.
    ns: ['agreements', 'agronomy', 'payments', 'marketplace'],
  },
  '/users': {
    ...preloadable(() => import('../features/users/components/users-page').then((m) => m.UsersPage)),
    // A farmer's record of keeping forward agreements, and a buyer's link to propose one.
    ns: ['users', 'agreements'],
  },
  '/education': {
    ...preloadable(() =>
      import('../features/lessons/components/learning-center-page').then((m) => m.LearningCenterPage),
    ),
    // The link to writing lessons, for those who may.
    ns: ['lessons', 'lesson-authoring'],
  },
  // Before '/education/:slug', which would take 'write' for a lesson's address.
  '/education/write': {
    ...preloadable(() =>
      import('../features/lesson-authoring/components/write-page').then((m) => m.WritePage),
    ),
    ns: ['lesson-authoring', 'lessons'],
  },
  '/education/write/new': {
    ...preloadable(() =>
      import('../features/lesson-authoring/components/lesson-editor-page').then((m) => m.NewLessonScreen),
    ),
    // Crop names are the agronomy catalogue's; the contract's messages for lessons are in 'lessons'.
    ns: ['lesson-authoring', 'lessons', 'agronomy'],
  },
  '/education/write/:slug': {
    ...preloadable(() =>
      import('../features/lesson-authoring/components/lesson-editor-page').then((m) => m.EditLessonScreen),
    ),
    ns: ['lesson-authoring', 'lessons', 'agronomy'],
  },
  '/education/:slug': {
    ...preloadable(() => import('../features/lessons/components/lesson-page').then((m) => m.LessonScreen)),
    ns: ['lessons'],
    // The lesson's text with the code: a lesson saved on the phone opens offline in one render.
    data: prefetchLesson,
  },
  '/profile': {
    ...preloadable(() => import('../features/profile/components/profile-page').then((m) => m.ProfilePage)),
    ns: ['profile', 'users', 'agreements'],
  },
  '/outbox': {
    ...preloadable(() => import('../features/outbox/components/outbox-page').then((m) => m.OutboxPage)),
    ns: ['outbox'],
  },
  '/settings': {
    ...preloadable(() => import('../features/settings/components/settings-page').then((m) => m.SettingsPage)),
    // The notifications catalogue holds the contract's messages for these forms (codes, quiet hours).
    ns: ['settings', 'notifications'],
    data: prefetchSettings,
  },
} as const;

export type ScreenPath = keyof typeof screens;

/** Whether a path is one of the signed-in screens (any other path shows home). */
export const isScreenPath = (path: string): path is ScreenPath => Object.hasOwn(screens, path);

/** A screen's pattern with `:name` segments ('/groups/:id') as a matcher of the addresses it draws. */
const patternOf = (screenPath: string) => new RegExp(`^${screenPath.replace(/:[^/]+/g, '[^/]+')}/?$`);

/** The screen an address draws: its own path, or the pattern it matches (a group's page); unknown ones: home. */
export function screenOf(path: string): ScreenPath {
  if (isScreenPath(path)) {
    return path;
  }
  const keys = Object.keys(screens) as ScreenPath[];
  return keys.find((key) => key.includes(':') && patternOf(key).test(path)) ?? '/';
}

/**
 * Starts loading a path's screen, its texts and (where it names them) its first data; unknown paths show home.
 * Resolves when the code and texts are here (not the data: the screen shows its own progress for that).
 */
export function preloadScreen(path: string, client: QueryClient): Promise<unknown> {
  const screen = screens[screenOf(path)];
  if ('data' in screen) {
    screen.data(client);
  }
  return Promise.all([
    screen.preload(),
    screen.ns.length > 0 ? i18next.loadNamespaces([...screen.ns]) : null,
  ]);
}
