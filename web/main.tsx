// Entry point: styles, languages, the session check, providers, the service worker.

import './lib/zod-jitless';
import { registerSW } from 'virtual:pwa-register';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchLikelyScreen } from './app/app';
import { BootSpinner } from './components/ui/boot-spinner';
import { LazyToaster } from './components/ui/lazy-toaster';
import { startDeployment } from './lib/deployment';
import { setupI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { sessionInPage, startSession } from './lib/session';
import { whenIdle } from './lib/when-idle';
import './styles.css';

/**
 * The longest the first render waits for the likely screen's code and texts before drawing spinners instead (the
 * page shows a spinner of its own meanwhile).
 */
const FIRST_RENDER_WAIT_MS = 3000;

const queryClient = createQueryClient();

/** Asks for the session, the texts and the likely screen's code and data; resolves when the screen can be drawn. */
function start(): Promise<unknown> {
  const page = sessionInPage();
  startDeployment(page?.config);
  const texts = setupI18n(page?.user?.language ?? null, page?.language ?? null);
  // The session is known from the page, or its check starts now, not after the first render (which waits for the
  // texts): in parallel with the catalogues and the likely screen's code.
  startSession(queryClient, page);
  const firstScreen = prefetchLikelyScreen(queryClient, page && page.user !== null);
  return Promise.allSettled([texts, firstScreen]);
}

function render(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  // A transition, so React renders the first screen in small slices (the page's spinner stays up meanwhile) rather
  // than in one long task that would block a tap.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<BootSpinner />}>
            <App />
          </Suspense>
          <LazyToaster />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// Start-up runs in a task of its own, after the one that evaluates the modules (two shorter tasks rather than one
// long one on a slow phone). The first render waits until the screen's code and texts are here, so that nothing
// suspends: once React has shown a fallback, it holds the real screen back for up to 300 ms more (its Suspense
// throttle).
const root = document.getElementById('root');
setTimeout(() => {
  const ready = start();
  if (root) {
    const waitCap = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
    void Promise.race([ready, waitCap]).then(() => render(root));
  }
}, 0);
// The service worker's precache (every chunk of the app) downloads once the page is up, not during start-up.
if ('serviceWorker' in navigator) {
  const firstVisit = navigator.serviceWorker.controller === null;
  // On a first visit the worker takes this page over once installed (clientsClaim): what the page has loaded so
  // far (the session, this screen's data) came from the network and is in no cache. Asked again, through the
  // worker now, it is kept on the phone, so a reload or this screen works offline from the first visit.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (firstVisit) {
      void queryClient.refetchQueries({ type: 'active' });
    }
  });
  whenIdle(() => registerSW({ immediate: true }));
}
