// The app: a spinner while the session loads, sign-in when logged out, else the layout and routes.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { AuthScreen } from '../features/auth/components/auth-screen';
import { queryErrorText } from '../lib/api-client';
import { rememberLanguage } from '../lib/i18n';
import { Layout } from './layout';
import { AppRoutes } from './routes';
import { useLiveEvents } from './use-live-events';
import { useOnlineStatus } from './use-online';

export function App() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [location, navigate] = useLocation();
  useOnlineStatus();
  useLiveEvents(!!user.data);

  // The server's stored language wins over the local one once the user is known.
  const serverLanguage = user.data?.language;
  useEffect(() => {
    if (serverLanguage && serverLanguage !== i18n.language) {
      rememberLanguage(serverLanguage);
      void i18n.changeLanguage(serverLanguage);
    }
  }, [serverLanguage, i18n]);

  // Signing out anywhere lands on the sign-in screen at home.
  useEffect(() => {
    if (user.data === null && location !== '/') {
      navigate('/', { replace: true });
    }
  }, [user.data, location, navigate]);

  if (user.isPending) {
    return <PageSpinner />;
  }
  if (user.isError) {
    return (
      <main className="flex h-full items-center justify-center p-6 text-center">
        <p role="alert">
          {t('sessionError')} ({queryErrorText(user.error)})
        </p>
      </main>
    );
  }
  if (!user.data) {
    return <AuthScreen />;
  }
  return (
    <Layout user={user.data}>
      <AppRoutes user={user.data} />
    </Layout>
  );
}
