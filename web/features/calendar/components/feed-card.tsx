// "My calendar feed": the address a phone's calendar subscribes to, so the events the reader goes to, organises or
// whose group holds them show among their appointments. Made on demand; a new one stops the old (a lost or shared
// address), and "stop" ends it. The address is the key to the reader's events: the card says so.
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { mutateThen } from '../../../lib/mutate-then';
import { calendarFeedQuery, useFeedAddress } from '../../../lib/queries/calendar';
import { toast, toastError } from '../../../lib/toast-store';

const FIELD_ID = 'calendar-feed-url';

/** The address as a phone's calendar takes it: webcal:// opens the subscription on Android and iPhone alike. */
export const webcalAddress = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

export function FeedCard() {
  const { t } = useTranslation('calendar');
  const feed = useQuery(calendarFeedQuery());
  return (
    <Card data-testid="feed-card">
      <CardHeader>
        <CardTitle>{t('feed.title')}</CardTitle>
        <CardDescription>{t('feed.explain')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={feed}
          error={t('feed.loadError')}
          pending={<Spinner />}
          errorClassName="text-sm text-red-700"
        >
          {(data) => (data.url === null && !data.active ? <NoFeed /> : <FeedAddress url={data.url} />)}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function NoFeed() {
  const { t } = useTranslation('calendar');
  const address = useFeedAddress();
  return (
    <Button
      disabled={address.isPending}
      onClick={() =>
        mutateThen(address, 'renew', { onError: (error) => toastError(t('feed.failed'), error) })
      }
    >
      {t('feed.start')}
    </Button>
  );
}

/**
 * A feed in use: its address, when just made (only its hash is kept, so it is never shown again), else a sentence
 * saying so; a new address (the old one stops working) or none.
 */
function FeedAddress({ url }: { url: string | null }) {
  const { t } = useTranslation('calendar');
  const address = useFeedAddress();
  const [renewing, setRenewing] = useState(false);
  const act = (action: 'renew' | 'stop') =>
    mutateThen(address, action, {
      onSuccess: () => {
        setRenewing(false);
        toast({ title: action === 'renew' ? t('feed.renewed') : t('feed.stopped') });
      },
      onError: (error) => toastError(t('feed.failed'), error),
    });
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: t('feed.copied') }),
      () => toastError(t('feed.copyFailed')),
    );
  return (
    <div className="flex flex-col gap-3">
      {url === null ? (
        <p className="text-sm text-stone-700">{t('feed.inUse')}</p>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={FIELD_ID} className="text-sm font-medium text-stone-800">
            {t('feed.address')}
          </label>
          {/* A box that wraps: a long address is read whole on a phone, not scrolled inside a one-line field. */}
          <Textarea
            id={FIELD_ID}
            readOnly
            rows={3}
            value={url}
            className="resize-none break-all"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="text-xs text-stone-600">{t('feed.private')}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {url === null ? null : (
          <>
            <Button variant="secondary" onClick={() => void copy(url)}>
              <Copy aria-hidden className="h-4 w-4" />
              {t('feed.copy')}
            </Button>
            <Button variant="secondary" asChild>
              <a href={webcalAddress(url)}>{t('feed.subscribe')}</a>
            </Button>
          </>
        )}
        <Button variant="secondary" disabled={address.isPending} onClick={() => setRenewing(true)}>
          {t('feed.renew')}
        </Button>
        <Button variant="ghost" disabled={address.isPending} onClick={() => act('stop')}>
          {t('feed.stop')}
        </Button>
      </div>
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t('feed.renewTitle')}
        description={t('feed.renewExplain')}
        confirmLabel={t('feed.renew')}
        cancelLabel={t('form.cancel')}
        onConfirm={() => act('renew')}
        pending={address.isPending}
      />
    </div>
  );
}
