// When the answers on screen were made: offline, the service worker serves its last copy of each read, and the
// copy's `date` header (the server's clock when it answered) says how old the screen's data is.
import { useSyncExternalStore } from 'react';
import { servedFromCache } from './connectivity';

/** The server's time of each read answered from a cache, by path; a fresh answer for the path removes it. */
const cached = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  const next = cached.size === 0 ? null : Math.min(...cached.values());
  if (next !== oldest) {
    oldest = next;
    for (const listener of [...listeners]) {
      listener();
    }
  }
}

/**
 * Notes a read's answer (the api client calls this for every GET). An answer the service worker took from its
 * cache (it marks them) is as old as its `date`; an answer from the server makes the path's data fresh.
 */
export function noteServedAt(method: string, path: string, response: Response): void {
  if (method !== 'GET' || !response.ok) {
    return;
  }
  const served = Date.parse(response.headers.get('date') ?? '');
  if (!servedFromCache(response) || Number.isNaN(served)) {
    cached.delete(path);
  } else {
    cached.set(path, served);
  }
  changed();
}

/** Forgets every note (sign-out: the next user's screens start fresh). */
export function resetServedAt(): void {
  cached.clear();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The oldest server time (ms) among the reads answered from the cache and not refreshed since, or null. */
export function oldestServedAt(): number | null {
  return oldest;
}

export function useOldestServedAt(): number | null {
  return useSyncExternalStore(subscribe, oldestServedAt, () => null);
}
