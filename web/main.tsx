// Entry point: styles, languages, the session check, providers, the service worker.

import './lib/zod-jitless';
import { registerSW } from 'virtual:pwa-register';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchLikelyScreen } from './app/app';
import { BootSpinner } from './components/ui/boot-spinner';
import { LazyToaster } from './components/ui/lazy-toaster';
import { sessionInPage, startSession } from './features/auth/api/get-user';
import { setupI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { whenIdle } from './lib/when-idle';
import './styles.css';

const page = sessionInPage();
setupI18n(page?.user?.language ?? null, page?.language ?? null);
const queryClient = createQueryClient();
// The session is known from the page, or its check starts now, not after the first render (which waits for the
// texts): in parallel with the catalogues and the likely screen's code.
startSession(queryClient, page);
prefetchLikelyScreen(queryClient, page && page.user !== null);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BootSpinner />}>
          <App />
        </Suspense>
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
// The service worker's precache (every chunk of the app) downloads once the page is up, not during start-up.
if ('serviceWorker' in navigator) {
  whenIdle(() => registerSW({ immediate: true }));
}
