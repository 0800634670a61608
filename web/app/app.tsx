// The app: a spinner while the session loads, sign-in when logged out, else the signed-in app.
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner';
import { queryErrorText } from '../lib/api-client';
import { rememberLanguage } from '../lib/i18n';
import { preloadable } from '../lib/preloadable';
import { useUser } from '../lib/session';
import { probablySignedIn } from '../lib/session-hint';
import { isServerPath, nextFromSearch, signInAddress } from './next-path';
import { isPublicPath, preloadPublicPage, ReceiptPage, receiptCodeOf } from './public-pages';
import { preloadScreen } from './screens';
import { useOfflineToast } from './use-online';

const { Component: AuthScreen, preload: loadAuthScreen } = preloadable(() =>
  import('../features/auth/components/auth-screen').then((m) => m.AuthScreen),
);
const { Component: SignedInApp, preload: loadSignedInApp } = preloadable(() =>
  import('./signed-in-app').then((m) => m.default),
);

/**
 * Starts loading the screen this device needs while the session is being checked: the signed-in app and the path's
 * screen (with its first data) when the page says someone is signed in, else the sign-in screen. A page without a
 * session (the service worker's copy) guesses: signed in if someone was here before or the address is a screen's
 * (a deep link or a reload). Resolves when that screen's code and texts are here.
 */
export function prefetchLikelyScreen(client: QueryClient, signedIn: boolean | undefined): Promise<unknown> {
  const path = window.location.pathname;
  if (isPublicPath(path)) {
    return preloadPublicPage();
  }
  if (signedIn ?? (probablySignedIn() || path !== '/')) {
    return Promise.all([loadSignedInApp(), preloadScreen(path, client)]);
  }
  return Promise.all([loadAuthScreen(), i18next.loadNamespaces('auth')]);
}

export function App() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const signedInHere = useRef(false);
  useOfflineToast();

  // The server's stored language wins over the local one once the user is known.
  const serverLanguage = user.data?.language;
  useEffect(() => {
    if (serverLanguage && serverLanguage !== i18n.language) {
      rememberLanguage(serverLanguage);
      void i18n.changeLanguage(serverLanguage);
    }
  }, [serverLanguage, i18n]);

  // Signed out on a screen: the sign-in screen, at home. A visitor who came by a link (a bookmark, a notification)
  // goes back to it once signed in or registered; someone who signs out here starts over at home, and so does the
  // next person to sign in on this device.
  useEffect(() => {
    if (user.data) {
      signedInHere.current = true;
    }
    if (user.data !== null || location === '/') {
      return;
    }
    // The address as it is now: `location` may be a render behind it (a run after this effect's own navigation).
    const { pathname, search: query, hash } = window.location;
    // A public page (a receipt) is read signed out as it is.
    if (pathname !== '/' && !isPublicPath(pathname)) {
      navigate(signedInHere.current ? '/' : signInAddress(`${pathname}${query}${hash}`), { replace: true });
    }
  }, [user.data, location, navigate]);
  const next = user.data && location === '/' ? nextFromSearch(search) : null;
  const receiptCode = receiptCodeOf(location);

  if (receiptCode !== null) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ReceiptPage code={receiptCode} />
      </Suspense>
    );
  }
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
  return (
    <Suspense fallback={<PageSpinner />}>
      {next ? (
        isServerPath(next) ? (
          <LoadPage key={next} path={next} />
        ) : (
          <Redirect key={next} to={next} replace />
        )
      ) : user.data ? (
        <SignedInApp user={user.data} />
      ) : (
        <AuthScreen />
      )}
    </Suspense>
  );
}

/** Goes to a page the server answers (a message's short link) by loading it: the router does not know it. */
function LoadPage({ path }: { path: string }) {
  useEffect(() => {
    window.location.replace(path);
  }, [path]);
  return <PageSpinner />;
}
