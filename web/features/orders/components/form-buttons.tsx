// An order dialog's form buttons: the shared ones, with the orders' way back.
import { useTranslation } from 'react-i18next';
import { DialogFormButtons } from '../../../components/entity-dialog';
import type { ButtonProps } from '../../../components/ui/button';

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
  return <DialogFormButtons cancel={t('form.back')} submit={submit} pending={pending} variant={variant} />;
}
