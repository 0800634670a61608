// A dialog form's buttons: close without doing anything, or submit (disabled while the request runs).
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';

export function FormButtons({
  submit,
  pending,
  variant = 'primary',
}: {
  submit: string;
  pending: boolean;
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation('orders');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">{t('form.back')}</Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={pending}>
        {submit}
      </Button>
    </div>
  );
}
