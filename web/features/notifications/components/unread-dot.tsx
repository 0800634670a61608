// The unread count on the phone's menu button, so a phone shows new notifications without opening the menu.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { unreadCountQuery } from '../api/get-unread-count';

export function UnreadDot() {
  const { i18n } = useTranslation();
  const { data: count } = useQuery(unreadCountQuery());
  if (!count) {
    return null;
  }
  return (
    <span
      aria-hidden
      data-testid="menu-unread"
      className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
    >
      {count > 99 ? '99+' : formatNumber(count, i18n.language)}
    </span>
  );
}
