// The dialog around a form that creates or edits one thing (a listing, a bid, a transaction, a kind, an order's
// step): open while the caller says so or from its own button, closed by Escape, the close button or the form's
// way back, its form drawn only while open (so it starts afresh each time).
import { type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from './ui/button';
import { Dialog, DialogClose } from './ui/dialog';

interface DialogTexts {
  title: string;
  description?: string | undefined;
  size?: 'md' | 'lg';
}

/** A dialog its caller opens (`open`) and is told to close (`onClose`). */
export function EntityDialog({
  open,
  onClose,
  title,
  description,
  size,
  children,
}: DialogTexts & { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          onClose();
        }
      }}
      title={title}
      {...(description ? { description } : {})}
      {...(size ? { size } : {})}
    >
      {children}
    </Dialog>
  );
}

/** A button opening a dialog whose form is drawn only while open; the form is handed the way to close it. */
export function ActionDialog({
  label,
  variant = 'secondary',
  title,
  description,
  size,
  children,
}: DialogTexts & {
  label: string;
  variant?: ButtonProps['variant'];
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant={variant}>{label}</Button>}
      title={title}
      {...(description ? { description } : {})}
      {...(size ? { size } : {})}
    >
      {open ? children(() => setOpen(false)) : null}
    </Dialog>
  );
}

/** A dialog form's buttons: close without doing anything, or submit (disabled while the request runs). */
export function DialogFormButtons({
  cancel,
  submit,
  pending,
  variant = 'primary',
  className = 'flex flex-wrap justify-end gap-2',
}: {
  cancel: string;
  submit: string;
  pending: boolean;
  variant?: ButtonProps['variant'];
  /** The row's layout (a grid form spans its columns). */
  className?: string;
}) {
  return (
    <div className={className}>
      <DialogClose asChild>
        <Button variant="secondary">{cancel}</Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={pending}>
        {submit}
      </Button>
    </div>
  );
}
