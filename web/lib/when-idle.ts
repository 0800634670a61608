// Work that can wait (the toast area, the service worker, code for dialogs, forms and the drawer) starts once the
// first screen has been drawn, after a pause, when the main thread is idle: on a slow phone it must not compete
// with the first screen's requests and rendering. (Lazily loaded screens do not delay the load event, so 'load'
// alone came too early.)
const PAUSE_MS = 2000;
/** If no screen says it is drawn (an error screen, say), idle work starts this long after load anyway. */
const FALLBACK_AFTER_LOAD_MS = 5000;

let firstScreenDrawn = false;
const waiting = new Set<() => void>();

function release(): void {
  firstScreenDrawn = true;
  for (const task of waiting) {
    task();
  }
  waiting.clear();
}

/** A first screen (sign-in, or a signed-in page's header) has been committed: release idle work after its paint. */
export function markFirstScreen(): void {
  if (firstScreenDrawn) {
    return;
  }
  if (document.visibilityState === 'hidden') {
    setTimeout(release, 0);
  } else {
    requestAnimationFrame(() => setTimeout(release, 0));
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('load', () => setTimeout(release, FALLBACK_AFTER_LOAD_MS), { once: true });
}

/** Runs `task` after the first screen is drawn, a pause, and when the main thread is idle; returns a cancel. */
export function whenIdle(task: () => void, { pauseMs = PAUSE_MS } = {}): () => void {
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
  const afterFirstScreen = () => {
    timer = setTimeout(runWhenIdle, pauseMs);
  };
  if (firstScreenDrawn) {
    afterFirstScreen();
  } else {
    waiting.add(afterFirstScreen);
  }
  return () => {
    cancelled = true;
    clearTimeout(timer);
    waiting.delete(afterFirstScreen);
  };
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `task` (when idle) once the user first interacts with the page: code for what an interaction may open next
 * (dialogs, the drawer) is fetched and evaluated then, not while someone is only reading the first screen.
 */
export function onFirstInteraction(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    remove();
    cancelIdle = whenIdle(task, { pauseMs: 0 });
  };
  const remove = () => {
    for (const type of INTERACTIONS) {
      window.removeEventListener(type, start, { capture: true });
    }
  };
  for (const type of INTERACTIONS) {
    window.addEventListener(type, start, { capture: true, passive: true });
  }
  return () => {
    remove();
    cancelIdle?.();
  };
}
