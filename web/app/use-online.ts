// The offline flag follows the device's online/offline events; going offline shows the spec's toast.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast-store';

export function useOnlineStatus(): boolean {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const goOnline = () => setOnline(true);
    const goOffline = () => {
      setOnline(false);
      toast({ title: t('offline.title'), description: t('offline.description') });
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [t]);
  return online;
}
