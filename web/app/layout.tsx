// Page frame: fixed sidebar from the md breakpoint, a slide-in drawer below it that closes on navigation.
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TUser } from '../../contract/auth';
import { Button } from '../components/ui/button';
import { SidebarContent } from './sidebar';

export function Layout({ user, children }: { user: TUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every location change is the point
  useEffect(() => setOpen(false), [location]);

  return (
    <div className="flex min-h-full">
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-stone-200 bg-white md:block">
        <SidebarContent user={user} />
      </aside>
      <div className="flex min-h-full w-full flex-col md:pl-64">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-stone-200 bg-white px-2 py-2 md:hidden">
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" aria-label={t('openMenu')}>
                <Menu aria-hidden className="h-5 w-5" />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none">
                <Dialog.Title className="sr-only">{t('nav.label')}</Dialog.Title>
                <Dialog.Description className="sr-only">{t('nav.description')}</Dialog.Description>
                <Dialog.Close asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('closeMenu')}
                    className="absolute top-3 right-2"
                  >
                    <X aria-hidden className="h-5 w-5" />
                  </Button>
                </Dialog.Close>
                <SidebarContent user={user} onNavigate={() => setOpen(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <span className="font-bold text-brand-800">{t('appName')}</span>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
