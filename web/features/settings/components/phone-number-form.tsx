// The number to prove and the channel its code goes by; sends the code, or a new one once the server allows it.

import { useTranslation } from 'react-i18next';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { deployment } from '../../../lib/deployment';
import { formatPhone } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useResultToasts } from '../hooks/use-result-toasts';
import { useSecondsUntil } from '../hooks/use-seconds-until';
import { loadSchemas } from '../load-schemas';
import { CHANNELS, phoneFormDefaults, resendDeadline } from '../phone-number';

const loadPhoneInput = () => loadSchemas().then((m) => m.ZPhoneInput);

export function PhoneNumberForm({
  status,
  readAt,
  profile,
  disabled,
  onKeep,
}: {
  status: TPhoneStatus;
  /** When the status was read (device time), to bound the wait for a new code. */
  readAt: number;
  /** The signed-in user, whose number fills the form when none is known yet. */
  profile: { countryCode: string | null; phoneNumber: string | null } | null;
  /** Both channels off on this server: nothing can be sent. */
  disabled: boolean;
  /** Closes the form, keeping the proven number (when there is one). */
  onKeep?: (() => void) | undefined;
}) {
  const { t } = useTranslation('settings');
  const send = useSendPhoneCode();
  const toasts = useResultToasts();
  const form = useZodForm(
    loadPhoneInput,
    phoneFormDefaults(status, profile, deployment().defaultCountryCode),
    { idPrefix: 'phone-' },
  );
  const wait = useSecondsUntil(resendDeadline(status.pending, readAt));
  const channelName = (channel: string) => t(`channels.${channel}`);
  const submit = form.handleSubmit((input) =>
    mutateThen(send, input, {
      onSuccess: (next) =>
        toasts.done(
          t('phone.sent', {
            phone: formatPhone(next.pending?.phone ?? ''),
            channel: channelName(input.channel),
          }),
        ),
      onError: toasts.failed,
    }),
  );
  const label = status.pending
    ? wait > 0
      ? t('phone.sendAgainIn', { seconds: wait })
      : t('phone.sendAgain')
    : t('phone.send');

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={disabled} className="flex flex-col gap-4 disabled:opacity-60">
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field id="phone-countryCode" label={t('phone.countryCode')} error={form.errors.countryCode}>
            <Input
              inputMode="tel"
              autoComplete="tel-country-code"
              placeholder="+237"
              className="min-h-11"
              {...form.field('countryCode')}
            />
          </Field>
          <Field
            id="phone-phoneNumber"
            label={t('phone.number')}
            error={form.errors.phoneNumber}
            hint={t('phone.numberHint')}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              className="min-h-11"
              {...form.field('phoneNumber')}
            />
          </Field>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('phone.channel')}</legend>
          {CHANNELS.map((channel) => {
            const off = (status.channels.find((c) => c.channel === channel)?.state ?? 'off') === 'off';
            return (
              <label
                key={channel}
                className="flex min-h-11 items-center gap-3 text-sm text-stone-800 has-[:disabled]:text-stone-500"
              >
                <input
                  type="radio"
                  name="phone-channel"
                  value={channel}
                  className="h-5 w-5 accent-brand-800"
                  checked={!off && form.values.channel === channel}
                  disabled={off}
                  onChange={() => form.setValue('channel', channel)}
                />
                {off ? t('phone.channelOff', { channel: channelName(channel) }) : channelName(channel)}
              </label>
            );
          })}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="min-h-11" disabled={send.isPending || wait > 0}>
            {label}
          </Button>
          {onKeep ? (
            <Button variant="secondary" className="min-h-11" onClick={onKeep}>
              {t('phone.keep')}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
