// Sidebar content: connection and outbox status, navigation, notifications, the outbox, the signed-in user,
// settings, language and sign-out.
import { Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TUser } from '../../contract/auth';
import { LanguageSwitcher } from '../features/auth/components/language-switcher';
import { NotificationsButton } from '../features/notifications/components/notifications-button';
import { cn } from '../lib/cn';
import { ConnectionStatus } from './connection-status';
import { isCurrentItem, navItemsFor } from './nav';
import { OutboxLink } from './outbox-link';
import { SignOutButton } from './sign-out-button';

export function SidebarContent({
  user,
  onNavigate,
  showStatus = true,
}: {
  user: TUser;
  onNavigate?: () => void;
  /** The connection strip; off in the phone's drawer, whose top bar already shows it. */
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  const [location] = useLocation();
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
      {showStatus ? <ConnectionStatus userId={user.id} onNavigate={onNavigate} /> : null}
      <nav aria-label={t('nav.label')} className="flex flex-1 flex-col gap-1">
        {navItemsFor(user.role).map((item) => {
          const { href, labelKey, icon: Icon } = item;
          const active = isCurrentItem(item, location);
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
        <OutboxLink userId={user.id} onNavigate={onNavigate} />
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
        <SignOutButton userId={user.id} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
