// The toast for a refused action: the server's message, already in the user's language.
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast-store';

export function useFailureToast() {
  const { t } = useTranslation('orders');
  return (error: Error) => toastError(t('form.failed'), error);
}
