// The sidebar's way to the outbox screen, with the number of writes still waiting (and refused) as badges.
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Badge } from '../components/ui/badge';
import { cn } from '../lib/cn';
import { useOutbox } from '../lib/outbox/use-outbox';

export function OutboxLink({
  userId,
  onNavigate,
}: {
  userId: number;
  onNavigate?: (() => void) | undefined;
}) {
  const { t, ready } = useTranslation('outbox', { useSuspense: false });
  const [location] = useLocation();
  const { pending, counts } = useOutbox(userId);
  if (!ready) {
    return null;
  }
  const waiting = pending > 0 ? t('indicator.waiting', { count: pending }) : null;
  const refused = counts.refused > 0 ? t('indicator.refused', { count: counts.refused }) : null;
  return (
    <Link
      href="/outbox"
      onClick={onNavigate}
      aria-current={location === '/outbox' ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-4 py-2 text-sm hover:bg-stone-100',
        location === '/outbox' ? 'font-semibold text-brand-900' : 'text-stone-700',
      )}
    >
      <Inbox aria-hidden className="h-4 w-4" />
      {t('indicator.open')}
      <span className="ml-auto flex gap-1">
        {waiting ? (
          <Badge variant="secondary" title={waiting}>
            {pending}
            <span className="sr-only"> ({waiting})</span>
          </Badge>
        ) : null}
        {refused ? (
          <Badge variant="destructive" title={refused}>
            {counts.refused}
            <span className="sr-only"> ({refused})</span>
          </Badge>
        ) : null}
      </span>
    </Link>
  );
}
