import { afterEach, describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from './connectivity';
import { noteServedAt, oldestServedAt, resetServedAt } from './served-at';

/** An answer from the server, or (fromCache) the service worker's cached copy, marked as it marks them. */
const answer = (date: string | null, status = 200, fromCache = true) =>
  new Response('{}', {
    status,
    headers: { ...(date ? { date } : {}), ...(fromCache ? { [FROM_CACHE_HEADER]: '1' } : {}) },
  });

afterEach(resetServedAt);

describe('served-at', () => {
  it('keeps the oldest date of reads answered from the cache', () => {
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 10:00:00 GMT'));
    noteServedAt('GET', '/api/market/summary', answer('Mon, 06 Jul 2026 09:00:00 GMT'));
    expect(oldestServedAt()).toBe(Date.parse('2026-07-06T09:00:00Z'));
  });

  it('forgets a path once the server answers it, and ignores writes, failures and missing dates', () => {
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 10:00:00 GMT'));
    noteServedAt('POST', '/api/bids', answer('Mon, 06 Jul 2026 08:00:00 GMT'));
    noteServedAt('GET', '/api/posts', answer('Mon, 06 Jul 2026 07:00:00 GMT', 404));
    noteServedAt('GET', '/api/user', answer(null));
    expect(oldestServedAt()).toBe(Date.parse('2026-07-06T10:00:00Z'));
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 11:00:00 GMT', 200, false));
    expect(oldestServedAt()).toBeNull();
  });
});
