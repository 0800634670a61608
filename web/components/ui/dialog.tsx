// A modal dialog (Radix): a centred panel with a title, a description (read to screen readers when none is
// shown) and a close button; optionally the button that opens it.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

const sizes = { md: 'max-w-md', lg: 'max-w-lg' } as const;

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  size = 'md',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens the dialog (a button), when the dialog has one. */
  trigger?: ReactNode;
  title: string;
  description?: string;
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl',
            sizes[size],
          )}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-stone-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-stone-600">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            aria-label={t('common:close')}
            className="absolute top-3 right-3 rounded p-1 text-stone-600 hover:bg-stone-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the dialog it is in (e.g. a form's Cancel button, with asChild). */
export const DialogClose = DialogPrimitive.Close;
