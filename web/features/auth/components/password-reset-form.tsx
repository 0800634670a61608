// "Forgot password?": ask for a code sent by SMS to the account's proven number, then choose a new password with
// it (which signs this browser in). The first answer is the same whether or not the account exists.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useConfirmReset, useRequestReset } from '../api/password-reset';

// The schemas (and zod with them) load after the screen is drawn: see use-zod-form.
const loadRequest = () => import('../../../../contract/auth').then((m) => m.ZPasswordResetRequest);
const loadConfirm = () => import('../../../../contract/auth').then((m) => m.ZPasswordResetConfirm);

/** An error toast: the server's words, or the connection's when there was no answer. */
function useFailed() {
  const { t } = useTranslation('auth');
  return (error: Error) =>
    toastError(
      error instanceof ApiError ? t('common:error') : t('offlineTitle'),
      error instanceof ApiError ? error.message : t('offlineNotice'),
    );
}

export function PasswordResetForm() {
  const [sent, setSent] = useState<{ account: string; minutes: number } | null>(null);
  return sent ? (
    <ConfirmStep key={sent.account} {...sent} onAskAgain={() => setSent(null)} />
  ) : (
    <RequestStep onSent={setSent} />
  );
}

function RequestStep({ onSent }: { onSent: (sent: { account: string; minutes: number }) => void }) {
  const { t } = useTranslation('auth');
  const request = useRequestReset();
  const failed = useFailed();
  const form = useZodForm(loadRequest, { account: '' });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        request.mutate(values, {
          onSuccess: (answer) => onSent({ account: values.account, minutes: answer.codeValidMinutes }),
          onError: failed,
        }),
      )}
    >
      <Field id="account" label={t('account')} error={form.errors.account} hint={t('accountHint')}>
        <Input autoComplete="username" {...form.field('account')} />
      </Field>
      <Button type="submit" disabled={request.isPending}>
        {t('sendCode')}
      </Button>
    </form>
  );
}

function ConfirmStep({
  account,
  minutes,
  onAskAgain,
}: {
  account: string;
  minutes: number;
  onAskAgain: () => void;
}) {
  const { t } = useTranslation('auth');
  const confirm = useConfirmReset();
  const failed = useFailed();
  const form = useZodForm(loadConfirm, { account, code: '', newPassword: '' });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => confirm.mutate(values, { onError: failed }))}
    >
      <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-stone-800">
        {t('codeSent', { minutes })}
      </p>
      <Field id="code" label={t('code')} error={form.errors.code}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
      </Field>
      <Field
        id="newPassword"
        label={t('newPassword')}
        error={form.errors.newPassword}
        hint={t('passwordHint')}
      >
        <Input type="password" autoComplete="new-password" {...form.field('newPassword')} />
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        {t('setPassword')}
      </Button>
      <button
        type="button"
        className="text-sm text-brand-800 underline-offset-4 hover:underline"
        onClick={onAskAgain}
      >
        {t('askAgain')}
      </button>
    </form>
  );
}
