// The 'Add Transaction' button. Its dialog (Radix dialog, the form, zod and the contract's schemas) loads when first
// opened, or when idle after the user's first interaction with the page: none of it is needed to show the screen.
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { preloadable } from '../../../lib/preloadable';
import { onFirstInteraction } from '../../../lib/when-idle';

const dialog = preloadable(() => import('./add-transaction-dialog').then((m) => m.AddTransactionDialog));

export function AddTransactionButton({ farmId }: { farmId: number }) {
  const { t } = useTranslation('finance');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => onFirstInteraction(() => void dialog.preload()), []);
  // Focus goes back to the button when the dialog closes (as a Radix trigger's would).
  useEffect(() => {
    if (wasOpen.current && !open) {
      button.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <Button
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void dialog.preload()}
        onFocus={() => void dialog.preload()}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden className="h-4 w-4" />
        {t('form.addTransaction')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <dialog.Component farmId={farmId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
