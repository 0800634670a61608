// The caller's notifications, newest first, page by page (more with the button), or why there are none.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { notificationsQuery } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

export function NotificationList({ language, onNavigate }: { language: Language; onNavigate: () => void }) {
  const { t } = useTranslation('notifications');
  const notifications = useInfiniteQuery(notificationsQuery(language));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = notifications;
  const list = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  if (notifications.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (notifications.isError && list.length === 0) {
    return (
      <p role="alert" className="m-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('panel.loadError', { message: queryErrorText(notifications.error) })}
      </p>
    );
  }
  if (list.length === 0) {
    return <p className="p-8 text-center text-sm text-stone-600">{t('panel.empty')}</p>;
  }
  return (
    <div className="flex flex-col">
      <ul className="divide-y divide-stone-200">
        {list.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            language={language}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {hasNextPage ? (
        <Button
          variant="secondary"
          className="m-4 self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('panel.loadingMore') : t('panel.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
