// The toast area: Radix toasts fed by the toast store, shown for 5 seconds.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION } from '../../../contract/constants';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts } from '../../lib/toast-store';

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} label={t('notifications')}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(item.id);
            }
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-stone-200 bg-white',
          )}
        >
          <div className="flex flex-col gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t('close')}
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4" />
    </ToastPrimitive.Provider>
  );
}
