// The phone card: each channel's state and last message, the proven number, the form to prove one and the code,
// and the phone bot as the user met it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatPhone } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useIsOnline } from '../../../lib/use-is-online';
import { usePhoneStatus } from '../api/get-phone-status';
import { BotStatus } from './bot-status';
import { CardQueryState } from './card-query-state';
import { ChannelList } from './channel-list';
import { PhoneCodeForm } from './phone-code-form';
import { PhoneNumberForm } from './phone-number-form';
import { RemovePhoneButton } from './remove-phone-button';

export function PhoneCard() {
  const { t } = useTranslation('settings');
  const phone = usePhoneStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('phone.title')}</CardTitle>
        <CardDescription>{t('phone.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {phone.data ? (
          // A newly proven (or removed) number starts the card afresh: the form closed, its values the new number.
          <PhoneSettings
            key={phone.data.verifiedPhone ?? ''}
            status={phone.data}
            readAt={phone.dataUpdatedAt}
          />
        ) : (
          <CardQueryState query={phone} />
        )}
      </CardContent>
    </Card>
  );
}

function PhoneSettings({ status, readAt }: { status: TPhoneStatus; readAt: number }) {
  const { t } = useTranslation('settings');
  const user = useUser().data ?? null;
  const [changing, setChanging] = useState(false);
  // Proving a number sends a code to it: nothing here can wait on this phone for a connection.
  const online = useIsOnline();
  const allOff = status.channels.every((c) => c.state === 'off');
  const formOpen = status.verifiedPhone === null || changing || status.pending !== null;
  return (
    <>
      <ChannelList channels={status.channels} stopped={status.bot.stopped} />
      {online ? null : (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t('phone.offline')}
        </p>
      )}
      {allOff ? (
        <p className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
          {t('phone.allOff')}
        </p>
      ) : null}
      {status.verifiedPhone ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-stone-900">
            {t('phone.verified', { phone: formatPhone(status.verifiedPhone) })}
          </p>
          {status.verifiedVia ? (
            <p className="text-sm text-stone-600">
              {t('phone.verifiedVia', { channel: t(`channels.${status.verifiedVia}`) })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {formOpen ? null : (
              <Button variant="secondary" className="min-h-11" onClick={() => setChanging(true)}>
                {t('phone.change')}
              </Button>
            )}
            <RemovePhoneButton phone={status.verifiedPhone} disabled={!online} />
          </div>
        </div>
      ) : null}
      {formOpen ? (
        <PhoneNumberForm
          status={status}
          readAt={readAt}
          profile={user}
          disabled={allOff || !online}
          onKeep={status.verifiedPhone && !status.pending ? () => setChanging(false) : undefined}
        />
      ) : null}
      {status.pending ? (
        <PhoneCodeForm
          key={`${status.pending.phone} ${status.pending.expiresAt}`}
          pending={status.pending}
          disabled={!online}
        />
      ) : null}
      <BotStatus status={status} />
    </>
  );
}
