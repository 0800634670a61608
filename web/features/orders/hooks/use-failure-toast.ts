// The toast for a refused action: the server's message, already in the user's language.
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast-store';

export function useFailureToast() {
  const { t } = useTranslation('orders');
  return (error: Error) =>
    toast({ title: t('form.failed'), description: error.message, variant: 'destructive' });
}
