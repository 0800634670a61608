// Going offline shows the spec's toast (the connection indicator, with `useIsOnline`, shows the lasting state).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast-store';

export function useOfflineToast(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const goOffline = () => toast({ title: t('offline.title'), description: t('offline.description') });
    window.addEventListener('offline', goOffline);
    return () => window.removeEventListener('offline', goOffline);
  }, [t]);
}
