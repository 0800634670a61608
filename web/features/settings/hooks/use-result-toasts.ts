// The toasts after a settings change: what was done, or the server's reason (already in the user's language).
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../lib/toast-store';

export function useResultToasts() {
  const { t } = useTranslation('settings');
  return {
    done: (description: string) => toast({ title: t('common:success'), description }),
    failed: (error: Error) => toastError(t('common:error'), error),
  };
}
