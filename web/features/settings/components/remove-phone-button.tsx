// "Remove number", asked first: messages to the phone stop.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { mutateThen } from '../../../lib/mutate-then';
import { useRemovePhone } from '../api/remove-phone';
import { useResultToasts } from '../hooks/use-result-toasts';

export function RemovePhoneButton({ phone, disabled }: { phone: string; disabled: boolean }) {
  const { t } = useTranslation('settings');
  const toasts = useResultToasts();
  const [open, setOpen] = useState(false);
  // The removal closes the card's number section (and this button): the toasts are the hook's, which outlive it.
  const remove = useRemovePhone({ onSuccess: () => toasts.done(t('phone.removed')), onError: toasts.failed });
  return (
    <>
      <Button
        variant="ghost"
        className="min-h-11 text-red-800"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {t('phone.remove')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('phone.removeTitle')}
        description={t('phone.removeDescription', { phone })}
        confirmLabel={t('phone.removeConfirm')}
        cancelLabel={t('phone.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() => mutateThen(remove, undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
