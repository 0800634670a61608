// SMS and WhatsApp, each with its state on this server for this user (and whether they stopped it by STOP) and how
// its last message went.
import { useTranslation } from 'react-i18next';
import type { PhoneChannel, TChannelState } from '../../../../contract/notifications';
import { Badge } from '../../../components/ui/badge';
import { DAY_MONTH_TIME, formatDateParts } from '../../../lib/format';
import { CHANNELS } from '../phone-number';

const badges = { off: 'secondary', not_verified: 'outline', connected: 'default' } as const satisfies Record<
  TChannelState['state'],
  string
>;

export function ChannelList({
  channels,
  stopped,
}: {
  channels: TChannelState[];
  /** Channels the user stopped by texting STOP: connected, yet no notifications go by them. */
  stopped: readonly PhoneChannel[];
}) {
  const { t } = useTranslation('settings');
  return (
    <ul
      aria-label={t('phone.channelsLabel')}
      className="divide-y divide-stone-200 rounded-md border border-stone-200"
    >
      {CHANNELS.map((channel) => {
        const state: TChannelState = channels.find((c) => c.channel === channel) ?? {
          channel,
          state: 'off',
          lastDelivery: null,
        };
        return (
          <li key={channel} data-testid={`channel-${channel}`} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-stone-900">{t(`channels.${channel}`)}</span>
              <span className="flex flex-wrap gap-1">
                {stopped.includes(channel) ? <Badge variant="destructive">{t('phone.stopped')}</Badge> : null}
                <Badge variant={badges[state.state]}>{t(`phone.state.${state.state}`)}</Badge>
              </span>
            </div>
            {state.state === 'off' ? null : <LastDelivery delivery={state.lastDelivery} />}
          </li>
        );
      })}
    </ul>
  );
}

function LastDelivery({ delivery }: { delivery: TChannelState['lastDelivery'] }) {
  const { t, i18n } = useTranslation('settings');
  if (!delivery) {
    return <p className="text-xs text-stone-600">{t('phone.noMessage')}</p>;
  }
  const at = formatDateParts(delivery.at, i18n.language, DAY_MONTH_TIME);
  if (delivery.status === 'failed') {
    return (
      <p className="text-xs text-red-700">
        {delivery.error
          ? t('phone.lastFailed', { at, reason: delivery.error })
          : t('phone.lastFailedNoReason', { at })}
      </p>
    );
  }
  return (
    <p className="text-xs text-stone-600">
      {t('phone.lastMessage', { status: t(`phone.delivery.${delivery.status}`), at })}
    </p>
  );
}
