// An order action: a button opening a dialog whose form is drawn only while open (and closes it when done).
import { type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export function ActionDialog({
  label,
  title,
  description,
  variant = 'secondary',
  children,
}: {
  label: string;
  title: string;
  description?: string;
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
    >
      {open ? children(() => setOpen(false)) : null}
    </Dialog>
  );
}
