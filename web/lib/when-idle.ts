// Work that can wait (the toast area, the service worker, code for dialogs and forms): it starts a moment after
// the page has loaded, when the main thread is idle, so that it does not compete with the first screen's requests
// and rendering on a slow phone. (A lazily loaded screen does not delay the load event, hence the pause.)
const PAUSE_AFTER_LOAD_MS = 2000;

/** Runs `task` once the page has loaded, a pause has passed and the main thread is idle; returns a cancel. */
export function whenIdle(task: () => void, { pauseMs = PAUSE_AFTER_LOAD_MS } = {}): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const runWhenIdle = () => {
    if (cancelled) {
      return;
    }
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => cancelled || task(), { timeout: 2000 });
    } else {
      task();
    }
  };
  const afterLoad = () => {
    timer = setTimeout(runWhenIdle, pauseMs);
  };
  if (document.readyState === 'complete') {
    afterLoad();
  } else {
    window.addEventListener('load', afterLoad, { once: true });
  }
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', afterLoad);
  };
}
