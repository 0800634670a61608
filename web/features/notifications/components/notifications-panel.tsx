// The notifications panel: a sheet from the right (the whole screen on a phone) with the list, page by page,
// "mark all as read" and a link to the settings (which notifications come, by which channel). Opening it marks
// nothing read: the user does, by following one or with the button.
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { CheckCheck, Settings, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Language } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { queryErrorText } from '../../../lib/api-client';
import { unreadCountQuery } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { NotificationList } from './notification-list';

export function NotificationsPanel({
  language,
  onClose,
  onNavigate,
}: {
  language: Language;
  onClose: () => void;
  /** A notification's link was followed: the panel (and whatever holds it) should close. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation(['notifications', 'common']);
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  const markAll = useMarkRead();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl focus:outline-none sm:left-auto sm:w-96">
          <div className="flex items-center gap-2 border-b border-stone-200 p-4">
            <Dialog.Title className="flex-1 text-lg font-semibold text-stone-900">
              {t('common:notifications')}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('common:close')}>
                <X aria-hidden className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('panel.description')}</Dialog.Description>
          <div className="flex flex-col gap-2 border-b border-stone-200 px-4 py-2">
            <Button
              variant="secondary"
              size="sm"
              className="self-end"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate({ all: true })}
            >
              <CheckCheck aria-hidden className="h-4 w-4" />
              {t('panel.markAllRead')}
            </Button>
            {markAll.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {t('panel.markError', { message: queryErrorText(markAll.error) })}
              </p>
            ) : null}
          </div>
          <div className="flex-1 overflow-y-auto">
            <NotificationList language={language} onNavigate={onNavigate} />
          </div>
          <div className="border-t border-stone-200 p-2">
            {/* Which notifications come, and by SMS or WhatsApp: the settings screen. */}
            <Link
              href="/settings"
              onClick={onNavigate}
              className="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Settings aria-hidden className="h-4 w-4" />
              {t('common:nav.settings')}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
