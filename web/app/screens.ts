// The signed-in screens' code by path (one chunk each) and the catalogues they need first: the router renders them
// lazily, and start-up begins loading the current path's screen while the session is still being checked.
import i18next from 'i18next';

const screens = {
  '/': { load: () => import('../features/dashboard/components/dashboard-page'), ns: ['dashboard', 'users'] },
  '/marketplace': {
    load: () => import('../features/marketplace/components/marketplace-page'),
    ns: ['marketplace'],
  },
  '/farms': { load: () => import('../features/farms/components/farms-page'), ns: ['farms', 'agronomy'] },
  '/crops': { load: () => import('../features/placeholders/components/coming-soon-page'), ns: [] },
  '/network': { load: () => import('../features/network/components/network-page'), ns: ['network'] },
  '/financial': { load: () => import('../features/financial/components/financial-page'), ns: ['finance'] },
  '/users': { load: () => import('../features/users/components/users-page'), ns: ['users'] },
  '/education': { load: () => import('../features/placeholders/components/coming-soon-page'), ns: [] },
  '/profile': { load: () => import('../features/profile/components/profile-page'), ns: ['profile', 'users'] },
} as const;

export type ScreenPath = keyof typeof screens;

export const loadScreen = <P extends ScreenPath>(path: P): ReturnType<(typeof screens)[P]['load']> =>
  screens[path].load() as ReturnType<(typeof screens)[P]['load']>;

/** Whether a path is one of the signed-in screens (any other path shows home). */
export const isScreenPath = (path: string): path is ScreenPath => Object.hasOwn(screens, path);

/** Starts loading a path's screen and its texts (unknown paths show home). */
export function preloadScreen(path: string): void {
  const screen = screens[isScreenPath(path) ? path : '/'];
  void screen.load();
  if (screen.ns.length > 0) {
    void i18next.loadNamespaces([...screen.ns]);
  }
}
