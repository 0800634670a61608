// The code sent to the number: six digits from the phone's keypad (or its one-time-code suggestion), tries left.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhoneStatus } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Field } from '../../../components/ui/field';
import { formatDate, formatPhone } from '../../../lib/format';
import { useVerifyPhoneCode } from '../api/verify-phone-code';
import { useResultToasts } from '../hooks/use-result-toasts';
import { loadSchemas } from '../load-schemas';

const CODE_LENGTH = 6;

export function PhoneCodeForm({
  pending,
  disabled,
}: {
  pending: NonNullable<TPhoneStatus['pending']>;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('settings');
  const toasts = useResultToasts();
  const [code, setCode] = useState('');
  // A right code closes this form: the toasts are the hook's, which outlive it.
  const verify = useVerifyPhoneCode({
    onSuccess: (status) =>
      toasts.done(t('phone.verifiedToast', { phone: formatPhone(status?.verifiedPhone ?? pending.phone) })),
    onError: (failure) => {
      setCode('');
      toasts.failed(failure);
    },
  });
  const [error, setError] = useState<string | undefined>();
  const channel = t(`channels.${pending.channel}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { ZPhoneCode } = await loadSchemas();
    const parsed = ZPhoneCode.safeParse({ code });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) {
      return;
    }
    verify.mutate(parsed.data.code);
  };

  const hint = [
    t('phone.triesLeft', { count: pending.triesLeft }),
    t('phone.validUntil', { time: formatDate(pending.expiresAt, i18n.language, 'p') }),
  ].join(' · ');
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="phone-code-title"
      className="flex flex-col gap-3 rounded-md border border-brand-100 bg-brand-50 p-3"
    >
      <h3 id="phone-code-title" className="text-sm font-semibold text-stone-900">
        {t('phone.codeTitle')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('phone.codeSentTo', { phone: formatPhone(pending.phone), channel })}
      </p>
      <Field id="phone-code" label={t('phone.code')} error={error} hint={hint}>
        <CodeInput
          id="phone-code"
          name="code"
          length={CODE_LENGTH}
          value={code}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : 'phone-code-error'}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
      </Field>
      <Button type="submit" className="min-h-11 self-start" disabled={verify.isPending || disabled}>
        {t('phone.verify')}
      </Button>
    </form>
  );
}
