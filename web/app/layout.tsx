// Page frame: fixed sidebar from the md breakpoint, a slide-in drawer below it that closes on navigation. Only the
// frame for the screen's width is rendered (a phone drew the hidden sidebar and fetched its logo).
import { useQuery } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TUser } from '../../contract/auth';
import { Button } from '../components/ui/button';
import { unreadCountQuery } from '../features/notifications/api/get-unread-count';
import { UnreadDot } from '../features/notifications/components/unread-dot';
import { preloadable } from '../lib/preloadable';
import { MD_UP, useMediaQuery } from '../lib/use-media-query';
import { onFirstInteraction } from '../lib/when-idle';
import { ConnectionStatus } from './connection-status';
import { SidebarContent } from './sidebar';

const { Component: MobileDrawer, preload: loadDrawer } = preloadable(() =>
  import('./mobile-drawer').then((m) => m.MobileDrawer),
);

export function Layout({ user, children }: { user: TUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every location change is the point
  useEffect(() => setOpen(false), [location]);
  const wide = useMediaQuery(MD_UP);
  // The badge on the menu button is a bare number: the button's name says what it counts.
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  const menuLabel = unread > 0 ? t('openMenuUnread', { count: unread }) : t('openMenu');
  useEffect(() => (wide ? undefined : onFirstInteraction(() => void loadDrawer())), [wide]);

  return (
    <div className="flex min-h-full">
      {wide ? (
        <aside className="fixed inset-y-0 left-0 w-64 overflow-y-auto border-r border-stone-200 bg-white">
          <SidebarContent user={user} />
        </aside>
      ) : null}
      <div className="flex min-h-full w-full flex-col md:pl-64">
        {wide ? null : (
          <header className="sticky top-0 z-30 border-b border-stone-200 bg-white px-2 py-2">
            <div className="flex items-center gap-2">
              <Button
                variant="ghost"
                size="icon"
                aria-label={menuLabel}
                title={menuLabel}
                aria-haspopup="dialog"
                aria-expanded={open}
                className="relative"
                onClick={() => setOpen(true)}
              >
                <Menu aria-hidden className="h-5 w-5" />
                <UnreadDot />
              </Button>
              {open ? (
                <Suspense fallback={null}>
                  <MobileDrawer user={user} onClose={() => setOpen(false)} />
                </Suspense>
              ) : null}
              <span className="font-bold text-brand-800">{t('appName')}</span>
            </div>
            <ConnectionStatus userId={user.id} className="empty:hidden mt-2" />
          </header>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
