import { afterEach, describe, expect, it } from 'vitest';
import { noteServedAt, oldestServedAt, resetServedAt } from './served-at';

const answer = (date: string | null, status = 200) =>
  new Response('{}', { status, headers: date ? { date } : {} });

afterEach(resetServedAt);

describe('served-at', () => {
  it('keeps the oldest date of reads answered offline', () => {
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 10:00:00 GMT'), false);
    noteServedAt('GET', '/api/market/summary', answer('Mon, 06 Jul 2026 09:00:00 GMT'), false);
    expect(oldestServedAt()).toBe(Date.parse('2026-07-06T09:00:00Z'));
  });

  it('forgets a path once it is answered online, and ignores writes, failures and missing dates', () => {
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 10:00:00 GMT'), false);
    noteServedAt('POST', '/api/bids', answer('Mon, 06 Jul 2026 08:00:00 GMT'), false);
    noteServedAt('GET', '/api/posts', answer('Mon, 06 Jul 2026 07:00:00 GMT', 404), false);
    noteServedAt('GET', '/api/user', answer(null), false);
    expect(oldestServedAt()).toBe(Date.parse('2026-07-06T10:00:00Z'));
    noteServedAt('GET', '/api/commodities', answer('Mon, 06 Jul 2026 11:00:00 GMT'), true);
    expect(oldestServedAt()).toBeNull();
  });
});
