// Sidebar content: navigation, notifications, the signed-in user, settings, language and sign-out.
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TUser } from '../../contract/auth';
import { Button } from '../components/ui/button';
import { useSignOut } from '../features/auth/api/sign-out';
import { LanguageSwitcher } from '../features/auth/components/language-switcher';
import { NotificationsButton } from '../features/notifications/components/notifications-button';
import { cn } from '../lib/cn';
import { navItemsFor } from './nav';

export function SidebarContent({ user, onNavigate }: { user: TUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const signOut = useSignOut();
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <Link
        href="/"
        onClick={onNavigate}
        className="flex items-center gap-2 px-2 text-lg font-bold text-brand-800"
      >
        <img src="/icon.svg" alt="" width={28} height={28} />
        {t('appName')}
      </Link>
      <nav aria-label={t('nav.label')} className="flex flex-1 flex-col gap-1">
        {navItemsFor(user.role).map(({ href, labelKey, icon: Icon }) => {
          const active = href === '/' ? location === '/' : location.startsWith(href);
          return (
            <Link
              key={href}
              href={href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                active ? 'bg-brand-800 text-white' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              <Icon aria-hidden className="h-4 w-4" />
              {t(labelKey)}
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
        <NotificationsButton language={user.language} onNavigate={onNavigate} />
        <Link
          href="/profile"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-4 py-2 text-sm text-stone-700 hover:bg-stone-100"
        >
          <UserRound aria-hidden className="h-4 w-4" />
          <span className="truncate">
            {user.username} · {t(`roles.${user.role}`)}
          </span>
        </Link>
        <Link
          href="/settings"
          onClick={onNavigate}
          aria-current={location === '/settings' ? 'page' : undefined}
          className="flex items-center gap-3 rounded-md px-4 py-2 text-sm text-stone-700 hover:bg-stone-100"
        >
          <Settings aria-hidden className="h-4 w-4" />
          {t('nav.settings')}
        </Link>
        <LanguageSwitcher className="px-2" />
        <Button
          variant="ghost"
          align="start"
          onClick={() => {
            onNavigate?.();
            signOut.mutate();
          }}
        >
          <LogOut aria-hidden className="h-4 w-4" />
          {t('logout')}
        </Button>
      </div>
    </div>
  );
}
