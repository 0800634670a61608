// The outbox screen (/outbox): every write kept on this phone for the signed-in user and what became of it, with
// "Send now" while some wait, and Retry / Discard on a refused one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { sendOutboxNow } from '../../../lib/outbox/outbox-actions';
import { SENT_RETENTION_DAYS } from '../../../lib/outbox/outbox-store';
import { useOutbox } from '../../../lib/outbox/use-outbox';
import { useUser } from '../../../lib/session';
import { useIsOnline } from '../../../lib/use-is-online';
import { OutboxItemRow } from './outbox-item-row';

export function OutboxPage() {
  const user = useUser().data;
  return user ? <OutboxScreen user={user} /> : null;
}

function OutboxScreen({ user }: { user: TUser }) {
  const { t } = useTranslation('outbox');
  const online = useIsOnline();
  const { items, pending, error } = useOutbox(user.id);
  const [sending, setSending] = useState(false);
  const sendNow = () => {
    setSending(true);
    sendOutboxNow({ userId: user.id, batch: true })
      .catch((reason: unknown) => console.error('outbox: send now failed', reason))
      .finally(() => setSending(false));
  };
  // Newest first: what the user just did is what they come to check.
  const newestFirst = [...items].reverse();
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          pending > 0 ? (
            <Button onClick={sendNow} disabled={sending}>
              {sending ? t('page.sending') : t('page.sendNow')}
            </Button>
          ) : null
        }
      />
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {t('page.storageError')}
        </p>
      ) : null}
      {!online && pending > 0 ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('page.offlineNote')}
        </p>
      ) : null}
      {newestFirst.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-stone-600">{t('page.empty')}</CardContent>
        </Card>
      ) : (
        <>
          <ul aria-label={t('page.listLabel')} className="flex flex-col gap-3">
            {newestFirst.map((item) => (
              <OutboxItemRow key={item.id} item={item} />
            ))}
          </ul>
          <p className="mt-4 text-xs text-stone-500">{t('page.sentKept', { days: SENT_RETENTION_DAYS })}</p>
        </>
      )}
    </>
  );
}
