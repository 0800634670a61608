// The shell's connection strip: stays while offline (with the age of the data shown), says when back online, and
// counts the writes waiting or refused; it opens the outbox. Draws nothing when there is nothing to say.
import { CloudOff, RefreshCw, TriangleAlert, Wifi } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '../lib/cn';
import { intlLocale } from '../lib/format';
import { useOutbox } from '../lib/outbox/use-outbox';
import { useOldestServedAt } from '../lib/served-at';
import { useIsOnline } from '../lib/use-is-online';

/** How long "Back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 5_000;

/**
 * Online, a write is usually sent within a moment: "waiting" shows once one has waited this long, so that a write
 * sent at once (a lesson marked read as it opens) does not flash a strip that pushes the page down and back up.
 */
const WAITING_SHOWN_AFTER_MS = 2_000;

/** Whether `on` has held for `ms`. */
function useHeldFor(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    setHeld(false);
    if (!on) {
      return;
    }
    const timer = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && held;
}

function useBackOnline(online: boolean): boolean {
  const [back, setBack] = useState(false);
  const was = useRef(online);
  useEffect(() => {
    const cameBack = online && !was.current;
    was.current = online;
    setBack(cameBack);
    if (!cameBack) {
      return;
    }
    const timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);
  return back;
}

/** The server's time of the data shown: the time alone today, else the date too. */
function formatServedAt(at: number, language: string): string {
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(intlLocale(language), {
    ...(sameDay ? {} : { dateStyle: 'medium' as const }),
    timeStyle: 'short',
  }).format(at);
}

export function ConnectionStatus({
  userId,
  onNavigate,
  className,
}: {
  userId: number;
  onNavigate?: (() => void) | undefined;
  className?: string;
}) {
  const { t, i18n, ready } = useTranslation('outbox', { useSuspense: false });
  const online = useIsOnline();
  const backOnline = useBackOnline(online);
  const { pending, counts } = useOutbox(userId);
  const servedAt = useOldestServedAt();
  const waitedLong = useHeldFor(pending > 0, WAITING_SHOWN_AFTER_MS);

  const parts: string[] = [];
  if (!online) {
    parts.push(t('indicator.offline'));
  } else if (backOnline) {
    parts.push(t('indicator.backOnline'));
  }
  if (pending > 0 && (!online || waitedLong)) {
    parts.push(t('indicator.waiting', { count: pending }));
  }
  if (counts.refused > 0) {
    parts.push(t('indicator.refused', { count: counts.refused }));
  }
  const Icon = !online ? CloudOff : counts.refused > 0 ? TriangleAlert : waitedLong ? RefreshCw : Wifi;
  const tone = !online
    ? 'border-amber-300 bg-amber-50 text-amber-950'
    : counts.refused > 0
      ? 'border-red-200 bg-red-50 text-red-900'
      : 'border-brand-100 bg-brand-50 text-brand-900';

  // The live region is always there, so that screen readers hear it when it fills.
  return (
    <div role="status" className={className}>
      {ready && parts.length > 0 ? (
        <Link
          href="/outbox"
          onClick={onNavigate}
          data-testid="connection-status"
          className={cn(
            'flex items-start gap-2 rounded-md border px-3 py-2 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-brand-700',
            tone,
          )}
        >
          <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span className="min-w-0">
            <span className="font-medium">{parts.join(' · ')}</span>
            {online ? null : (
              <span className="block text-xs">
                {servedAt === null
                  ? t('indicator.savedData')
                  : t('indicator.savedDataAsOf', { time: formatServedAt(servedAt, i18n.language) })}
              </span>
            )}
          </span>
        </Link>
      ) : null}
    </div>
  );
}
