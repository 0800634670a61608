// One outbox item: what it is, when it was queued, its state (with the server's reason when refused), and for a
// refused item the Retry and Discard buttons (Discard asks first).
import { CircleCheck, CircleX, CloudUpload, KeyRound, LoaderCircle, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { intlLocale } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { discardItem, retryItem } from '../../../lib/outbox/outbox-actions';
import type { OutboxItem, OutboxState } from '../../../lib/outbox/outbox-item';

const ICONS = {
  saved: Smartphone,
  sending: LoaderCircle,
  sent: CircleCheck,
  refused: CircleX,
  auth: KeyRound,
} as const;

const BADGES: Record<OutboxState, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  saved: 'secondary',
  sending: 'outline',
  sent: 'default',
  refused: 'destructive',
  auth: 'outline',
};

/**
 * The outbox's own errors and what a bare status means are catalogue keys ('outbox.errors.network',
 * 'common.loadFailure.status.notFound'); the server's messages are already translated.
 */
function useErrorText(): (error: string | null) => string | null {
  const { t } = useTranslation('outbox');
  return (error) => (error === null || error === '' ? null : translateMessage(t, error));
}

export function OutboxItemRow({ item }: { item: OutboxItem }) {
  const { t, i18n } = useTranslation('outbox');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const label = t(item.label.key, item.label.params);
  const queuedAt = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(item.createdAt);
  const reason = errorText(item.error);
  const state =
    item.state === 'refused'
      ? t('state.refused', { reason: reason ?? t('item.noReason') })
      : t(`state.${item.state}`);
  const Icon = item.state === 'saved' && item.attempts > 0 ? CloudUpload : ICONS[item.state];
  const report = (reason: unknown) => console.error('outbox: action failed', reason);
  return (
    <li
      data-testid="outbox-item"
      data-state={item.state}
      className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <p className="font-medium break-words text-stone-900">{label}</p>
      <p className="mt-1 text-xs text-stone-500">{t('item.queuedAt', { time: queuedAt })}</p>
      <p className="mt-2 flex items-start gap-2 text-sm">
        <Icon
          aria-hidden
          className={`mt-0.5 h-4 w-4 shrink-0 ${item.state === 'sending' ? 'animate-spin' : ''}`}
        />
        <Badge variant={BADGES[item.state]} className="whitespace-normal" data-testid="outbox-state">
          {state}
        </Badge>
      </p>
      {item.state === 'saved' && reason ? (
        <p className="mt-1 text-xs text-stone-600">{t('item.lastTry', { reason })}</p>
      ) : null}
      {item.state === 'refused' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('item.retryLabel', { label })}
            onClick={() => retryItem(item.id).catch(report)}
          >
            {t('item.retry')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('item.discardLabel', { label })}
            onClick={() => setConfirming(true)}
          >
            {t('item.discard')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('discard.title')}
            description={t('discard.description')}
            confirmLabel={t('discard.confirm')}
            cancelLabel={t('discard.cancel')}
            destructive
            onConfirm={() => {
              setConfirming(false);
              discardItem(item.id).catch(report);
            }}
          >
            <p className="text-sm font-medium text-stone-900">{label}</p>
          </ConfirmDialog>
        </div>
      ) : null}
    </li>
  );
}
