// Work that can wait: run after the page has loaded, when the main thread is idle.

/** Runs `task` once the page has loaded and the main thread is idle; returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) {
      return;
    }
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => cancelled || task(), { timeout: 3000 });
    } else {
      setTimeout(() => cancelled || task(), 200);
    }
  };
  if (document.readyState === 'complete') {
    run();
  } else {
    window.addEventListener('load', run, { once: true });
  }
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
  };
}
