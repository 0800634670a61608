// Whether the server can be reached. `navigator.onLine` only says that a network interface is up: it is true on a
// phone whose data bundle ran out, behind a captive portal, and in a browser started again while offline. So the
// device's online/offline events are corrected by what our own requests find, and a probe says when it came back.

/** Set by the service worker on a read it answered from its cache because the network failed (vite.config.ts). */
export const FROM_CACHE_HEADER = 'x-terroir-from-cache';
/** While requests find no server but the device says it is online, ask again this often. */
export const PROBE_MS = 10_000;
/** Never cached by the service worker, so that its answer proves the server was reached. */
export const PROBE_PATH = '/api/health';

const listeners = new Set<() => void>();
const state = {
  /** A request failed to reach the server (or was answered from the cache) and none has reached it since. */
  unreachable: false,
  online: true,
  probe: undefined as ReturnType<typeof setInterval> | undefined,
  probing: false,
};

/** Only a browser can say it is offline (Node has a `navigator` without `onLine`). */
function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** True when the server can be expected to answer: the device is online and no request since found otherwise. */
export function isOnline(): boolean {
  return deviceOnline() && !state.unreachable;
}

function changed(): void {
  const next = isOnline();
  if (next === state.online) {
    return;
  }
  state.online = next;
  for (const listener of [...listeners]) {
    listener();
  }
}

function stopProbe(): void {
  clearInterval(state.probe);
  state.probe = undefined;
}

async function probe(): Promise<void> {
  if (!deviceOnline() || state.probing) {
    return;
  }
  state.probing = true;
  try {
    await trackedFetch(PROBE_PATH, { cache: 'no-store', credentials: 'same-origin' });
  } catch {
    // still unreachable: trackedFetch noted it
  } finally {
    state.probing = false;
  }
}

/** A request reached the server (any answer the server itself gave). */
export function noteReached(): void {
  if (state.unreachable) {
    state.unreachable = false;
    stopProbe();
  }
  changed();
}

/** A request found no server: no answer at all, or the service worker's cached copy instead of one. */
export function noteUnreachable(): void {
  state.unreachable = true;
  if (state.probe === undefined && typeof window !== 'undefined') {
    state.probe = setInterval(() => void probe(), PROBE_MS);
  }
  changed();
}

/** Whether this answer is the service worker's cached copy, given because the network failed. */
export function servedFromCache(response: Response): boolean {
  return response.headers.get(FROM_CACHE_HEADER) === '1';
}

/** `fetch`, noting what it found: a rejection other than an abort means no server was reached. */
export async function trackedFetch(input: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      noteUnreachable();
    }
    throw error;
  }
  if (servedFromCache(response)) {
    noteUnreachable();
  } else {
    noteReached();
  }
  return response;
}

/**
 * Calls `listener` whenever `isOnline()` changes, and when the device says it is back online (the server answered
 * the probe, or nothing said it was unreachable); returns the function that stops it.
 */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  const win = typeof window === 'undefined' ? null : window;
  const onDevice = () => {
    if (deviceOnline() && state.unreachable) {
      // The device says it is back: ask the server at once rather than at the next probe.
      void probe();
      return;
    }
    state.online = isOnline();
    listener();
  };
  win?.addEventListener('online', onDevice);
  win?.addEventListener('offline', onDevice);
  return () => {
    listeners.delete(listener);
    win?.removeEventListener('online', onDevice);
    win?.removeEventListener('offline', onDevice);
  };
}

/** For tests: back to "nothing known yet". */
export function resetConnectivity(): void {
  stopProbe();
  state.unreachable = false;
  state.online = isOnline();
}
