// The sidebar's Notifications button: the unread count as a badge and in its accessible name; opens the panel.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../contract/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { preloadable } from '../../../lib/preloadable';
import { unreadCountQuery } from '../api/get-unread-count';

// The panel (and date-fns with it) loads when first wanted, not with every screen's sidebar.
const { Component: NotificationsPanel, preload: loadPanel } = preloadable(() =>
  import('./notifications-panel').then((m) => m.NotificationsPanel),
);

export function NotificationsButton({
  language,
  onNavigate,
}: {
  language: Language;
  /** Called when a notification's link is followed (the mobile drawer closes). */
  onNavigate?: (() => void) | undefined;
}) {
  // Not suspending: the sidebar draws at once, and the label with the count comes with the catalogue.
  const { t, ready } = useTranslation(['common', 'notifications'], { useSuspense: false });
  const [open, setOpen] = useState(false);
  const count = useQuery(unreadCountQuery()).data ?? 0;
  const named = ready && count > 0;
  return (
    <>
      <Button
        variant="ghost"
        align="start"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={named ? t('notifications:panel.buttonLabel', { count }) : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <Bell aria-hidden className="h-4 w-4" />
        {t('common:notifications')}
        {count > 0 ? (
          <Badge variant="destructive" aria-hidden={named} className="ml-auto" data-testid="unread-badge">
            {count > 99 ? '99+' : count}
          </Badge>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel
            language={language}
            onClose={() => setOpen(false)}
            onNavigate={() => {
              setOpen(false);
              onNavigate?.();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
