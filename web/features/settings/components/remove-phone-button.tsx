// "Remove number", asked first: messages to the phone stop.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatPhone } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { preloadable } from '../../../lib/preloadable';
import { useRemovePhone } from '../api/remove-phone';
import { useResultToasts } from '../hooks/use-result-toasts';

// The dialog (Radix) loads when the question is first asked, not with the settings screen.
const { Component: ConfirmDialog, preload: loadDialog } = preloadable(() =>
  import('../../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog),
);

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
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        {t('phone.remove')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setOpen}
            title={t('phone.removeTitle')}
            description={t('phone.removeDescription', { phone: formatPhone(phone) })}
            confirmLabel={t('phone.removeConfirm')}
            cancelLabel={t('phone.cancel')}
            destructive
            pending={remove.isPending}
            onConfirm={() => mutateThen(remove, undefined, { onSuccess: () => setOpen(false) })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
