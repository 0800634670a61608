// A question before an action that cannot be taken back (accept a bid, withdraw a listing, end a link): says what
// will happen, with the action and a way out. The caller passes its texts, in its own namespace.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  destructive = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the action does, in a sentence. */
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** While the action runs: the buttons wait. */
  pending?: boolean;
  destructive?: boolean;
  /** More detail under the description (figures, a list). */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
