// The phone bot as this user met it: the number it knows, their last message to it and its last to them, the
// channels they stopped with STOP, and how to reach it.
import { useTranslation } from 'react-i18next';
import type { PhoneChannel, TPhoneStatus } from '../../../../contract/notifications';
import { DAY_MONTH_TIME, formatDateParts, formatPhone, intlLocale } from '../../../lib/format';
import { connectedChannels, quoteText } from '../bot-messages';

export function BotStatus({ status }: { status: TPhoneStatus }) {
  const { t, i18n } = useTranslation('settings');
  const { lastIn, lastOut, stopped } = status.bot;
  // No channel on this server: the card already says so; only what the bot once said is worth a row.
  const allOff = status.channels.every((c) => c.state === 'off');
  const connected = connectedChannels(status);
  const channelName = (channel: PhoneChannel) => t(`channels.${channel}`);
  const when = (at: string) => formatDateParts(at, i18n.language, DAY_MONTH_TIME);
  return (
    <section
      aria-labelledby="phone-bot-title"
      data-testid="phone-bot"
      className="flex flex-col gap-2 border-t border-stone-200 pt-4"
    >
      <h3 id="phone-bot-title" className="text-sm font-semibold text-stone-900">
        {t('bot.title')}
      </h3>
      {allOff ? null : (
        <p className="text-sm text-stone-700">
          {status.verifiedPhone && connected.length > 0
            ? t('bot.number', {
                phone: formatPhone(status.verifiedPhone),
                channels: new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' }).format(
                  connected.map(channelName),
                ),
              })
            : t('bot.noNumber')}
        </p>
      )}
      {stopped.map((channel) => (
        <p
          key={channel}
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t('bot.stopped', { channel: channelName(channel) })}
        </p>
      ))}
      {lastIn || lastOut ? (
        <dl className="flex flex-col gap-2 text-sm">
          {lastIn ? (
            <div>
              <dt className="text-stone-600">{t('bot.lastIn')}</dt>
              <dd className="text-stone-900">
                {t('bot.lastInLine', { channel: channelName(lastIn.channel), at: when(lastIn.at) })}
                <span className="mt-0.5 block break-words text-stone-700 italic">
                  {t('bot.quote', { text: quoteText(lastIn.text) })}
                </span>
              </dd>
            </div>
          ) : null}
          {lastOut ? (
            <div>
              <dt className="text-stone-600">{t('bot.lastOut')}</dt>
              <dd className={lastOut.status === 'failed' ? 'text-red-700' : 'text-stone-900'}>
                {t('bot.lastOutLine', {
                  channel: channelName(lastOut.channel),
                  at: when(lastOut.at),
                  status: t(`phone.delivery.${lastOut.status}`),
                })}
                {lastOut.error ? (
                  <span className="block break-words">{t('bot.error', { reason: lastOut.error })}</span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-stone-600">{t('bot.none')}</p>
      )}
      {allOff ? null : <p className="text-xs text-stone-600">{t('bot.howTo')}</p>}
    </section>
  );
}
