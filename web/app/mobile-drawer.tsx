// The slide-in navigation drawer below md (a Radix dialog): its own chunk, loaded when the menu is first opened
// or when idle after the first interaction, since most first screens never open it.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../contract/auth';
import { Button } from '../components/ui/button';
import { SidebarContent } from './sidebar';

/** Open while mounted. */
export function MobileDrawer({ user, onClose }: { user: TUser; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl focus:outline-none">
          <Dialog.Title className="sr-only">{t('nav.label')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('nav.description')}</Dialog.Description>
          <Dialog.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('closeMenu')}
              className="absolute top-3 right-2"
            >
              <X aria-hidden className="h-5 w-5" />
            </Button>
          </Dialog.Close>
          <SidebarContent user={user} onNavigate={onClose} showStatus={false} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
