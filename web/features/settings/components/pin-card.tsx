// The phone PIN card: what the PIN is for, whether it is set or locked, and the form to set or change it.
import { useTranslation } from 'react-i18next';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { useIsOnline } from '../../../lib/use-is-online';
import { useZodForm } from '../../../lib/use-zod-form';
import { usePhoneStatus } from '../api/get-phone-status';
import { useSetPin } from '../api/set-pin';
import { useResultToasts } from '../hooks/use-result-toasts';
import { loadPhoneSchemas } from '../load-schemas';
import { PIN_LENGTH, PIN_TRIES, type PinState, pinState } from '../phone-pin';
import { CardQueryState } from './card-query-state';

const loadPinInput = () => loadPhoneSchemas().then((m) => m.ZPinInput);

const badges = { unset: 'outline', set: 'default', locked: 'destructive' } as const satisfies Record<
  PinState,
  string
>;

export function PinCard() {
  const { t } = useTranslation('settings');
  const phone = usePhoneStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('pin.title')}</CardTitle>
        <CardDescription>{t('pin.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {phone.data ? <PinSettings status={phone.data} /> : <CardQueryState query={phone} />}
      </CardContent>
    </Card>
  );
}

function PinSettings({ status }: { status: TPhoneStatus }) {
  const { t } = useTranslation('settings');
  const state = pinState(status.pin);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <span className="text-sm font-medium text-stone-900">{t('pin.stateLabel')}</span>
        <Badge variant={badges[state]} data-testid="pin-state">
          {t(`pin.state.${state}`)}
        </Badge>
      </div>
      {state === 'locked' ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
          {t('pin.lockedHelp', { count: PIN_TRIES })}
        </p>
      ) : null}
      {state === 'unset' ? <p className="text-sm text-stone-700">{t('pin.unsetHelp')}</p> : null}
      {status.verifiedPhone ? null : <p className="text-sm text-stone-600">{t('pin.noPhone')}</p>}
      <PinForm isSet={status.pin.set} />
    </>
  );
}

function PinForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation('settings');
  const setPin = useSetPin();
  const toasts = useResultToasts();
  // The password is checked by the server: nothing here can wait on this phone for a connection.
  const online = useIsOnline();
  const form = useZodForm(loadPinInput, { pin: '', currentPassword: '' }, { idPrefix: 'pin-' });
  const submit = form.handleSubmit((input) =>
    mutateThen(setPin, input, {
      onSuccess: () => {
        form.reset();
        toasts.done(t(isSet ? 'pin.changed' : 'pin.saved'));
      },
      onError: toasts.failed,
    }),
  );
  const pin = form.field('pin');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={pin.id} label={t('pin.newPin')} error={form.errors.pin} hint={t('pin.newPinHint')}>
          <Input
            {...pin}
            type="password"
            inputMode="numeric"
            pattern={`[0-9]{${PIN_LENGTH}}`}
            maxLength={PIN_LENGTH}
            autoComplete="off"
            className="min-h-11 font-mono tracking-[0.3em]"
            // Digits only: a phone's keypad may still offer letters.
            onChange={(event) =>
              form.setValue('pin', event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))
            }
          />
        </Field>
        <Field
          id="pin-currentPassword"
          label={t('pin.currentPassword')}
          error={form.errors.currentPassword}
          hint={t('pin.currentPasswordHint')}
        >
          <Input
            type="password"
            autoComplete="current-password"
            className="min-h-11"
            {...form.field('currentPassword')}
          />
        </Field>
      </div>
      {online ? null : (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t('pin.offline')}
        </p>
      )}
      <Button type="submit" className="min-h-11 self-start" disabled={setPin.isPending || !online}>
        {isSet ? t('pin.change') : t('pin.set')}
      </Button>
    </form>
  );
}
