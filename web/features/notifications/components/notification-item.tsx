// One notification: its text and time, unread ones marked; following its link marks it read and closes the panel.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Language } from '../../../../contract/constants';
import { lessonForNotification } from '../../../../contract/lessons';
import type { TNotification } from '../../../../contract/notifications';
import { LessonLink } from '../../../components/lesson-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useMarkRead } from '../api/mark-read';

/** Only a path of this app is followed (the server gives paths; anything else is shown without a link). */
const appPath = (link: string | null) => (link?.startsWith('/') && !link.startsWith('//') ? link : null);

export function NotificationItem({
  notification,
  language,
  onNavigate,
}: {
  notification: TNotification;
  language: Language;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  const link = appPath(notification.link);
  const lesson = lessonForNotification(notification.type, notification.data);
  const read = () => {
    if (unread) {
      markRead.mutate({ ids: [notification.id] });
    }
  };
  const body = (
    <>
      {unread ? <span className="sr-only">{t('panel.unread')}: </span> : null}
      <span className={cn('block text-sm', unread ? 'font-semibold text-stone-900' : 'text-stone-700')}>
        {notification.text}
      </span>
      <time dateTime={notification.createdAt} className="mt-1 block text-xs text-stone-600">
        {formatDate(notification.createdAt, language, 'PPp')}
      </time>
    </>
  );
  return (
    <li className={cn('flex items-start gap-3 px-4 py-3', unread ? 'bg-brand-50' : 'bg-white')}>
      <span
        aria-hidden
        className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-700' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        {link ? (
          <Link
            href={link}
            onClick={() => {
              read();
              onNavigate();
            }}
            className="block rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {body}
          </Link>
        ) : (
          body
        )}
        {lesson ? <LessonLink slug={lesson} onClick={onNavigate} /> : null}
      </div>
      {unread && !link ? (
        <Button variant="ghost" size="sm" disabled={markRead.isPending} onClick={read}>
          {t('panel.markRead')}
        </Button>
      ) : null}
    </li>
  );
}
