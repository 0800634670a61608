// Log out; with writes still waiting, first says they stay on this phone for this user (nothing is deleted: they
// are sent when the same user signs in here again).
import { LogOut } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { useSignOut } from '../features/auth/api/sign-out';
import { useOutbox } from '../lib/outbox/use-outbox';
import { preloadable } from '../lib/preloadable';

// The dialog (Radix) loads only when someone logs out with writes waiting.
const { Component: ConfirmDialog, preload: loadDialog } = preloadable(() =>
  import('../components/ui/confirm-dialog').then((m) => m.ConfirmDialog),
);

export function SignOutButton({
  userId,
  onNavigate,
}: {
  userId: number;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const outbox = useTranslation('outbox', { useSuspense: false });
  const signOut = useSignOut();
  const { pending } = useOutbox(userId);
  const [asking, setAsking] = useState(false);
  const leave = () => {
    setAsking(false);
    onNavigate?.();
    signOut.mutate();
  };
  return (
    <>
      <Button
        variant="ghost"
        align="start"
        onPointerEnter={pending > 0 ? () => void loadDialog() : undefined}
        onClick={() => (pending > 0 ? setAsking(true) : leave())}
      >
        <LogOut aria-hidden className="h-4 w-4" />
        {t('logout')}
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setAsking}
            title={outbox.t('logout.title', { count: pending })}
            description={outbox.t('logout.description')}
            confirmLabel={outbox.t('logout.confirm')}
            cancelLabel={outbox.t('logout.cancel')}
            onConfirm={leave}
          />
        </Suspense>
      ) : null}
    </>
  );
}
