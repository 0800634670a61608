import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FROM_CACHE_HEADER,
  isOnline,
  PROBE_MS,
  PROBE_PATH,
  resetConnectivity,
  subscribeConnectivity,
  trackedFetch,
} from './connectivity';

const fromServer = () => new Response('{}', { status: 200 });
const fromCache = () => new Response('{}', { status: 200, headers: { [FROM_CACHE_HEADER]: '1' } });

/** The device's own word, which these tests keep at "online" unless they say otherwise. */
let deviceSays = true;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  deviceSays = true;
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', {
    get onLine() {
      return deviceSays;
    },
  });
  resetConnectivity();
});

afterEach(() => {
  resetConnectivity();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectivity', () => {
  it('is offline when the device says online but reads come from the cache or fetch finds no server', async () => {
    const changes = vi.fn();
    const stop = subscribeConnectivity(changes);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fromCache()),
    );
    await trackedFetch('/api/commodities', {});
    expect(isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fromServer()),
    );
    await trackedFetch('/api/commodities', {});
    expect(isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(trackedFetch('/api/bids', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    expect(isOnline()).toBe(false);
    stop();
  });

  it('does not take an aborted request for a lost network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      }),
    );
    await expect(trackedFetch('/api/commodities', {})).rejects.toThrow('aborted');
    expect(isOnline()).toBe(true);
  });

  it('probes the server while unreachable, and at once when the device says it is back', async () => {
    const changes = vi.fn();
    const stop = subscribeConnectivity(changes);
    const requests: string[] = [];
    let serverUp = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        requests.push(path);
        if (!serverUp) {
          throw new TypeError('Failed to fetch');
        }
        return fromServer();
      }),
    );
    await expect(trackedFetch('/api/posts', {})).rejects.toThrow();
    expect(isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(requests).toEqual(['/api/posts', PROBE_PATH]);
    expect(isOnline()).toBe(false);

    serverUp = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isOnline()).toBe(true));
    expect(requests).toEqual(['/api/posts', PROBE_PATH, PROBE_PATH]);
    // Reached: no more probes.
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(requests).toHaveLength(3);
    stop();
  });

  it("follows the device's offline and online events when nothing else is known", () => {
    const changes = vi.fn();
    const stop = subscribeConnectivity(changes);
    deviceSays = false;
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    deviceSays = true;
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    stop();
  });

  it('the service worker marks its cached answers with the header the page reads, and never caches the probe', () => {
    const config = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8');
    expect(config).toContain(`headers.set('${FROM_CACHE_HEADER}', '1')`);
    expect(config).toContain(`url.pathname !== '${PROBE_PATH}'`);
  });
});
