import { describe, expect, it } from 'vitest';
import { accountDelaySeconds, LOGIN_DELAY_CAP_SECONDS, LOGIN_FAILURES_PER_USERNAME } from './login-throttle';

const now = new Date('2025-06-01T12:00:00.000Z');
/** The account's (per-address capped) failure count, the latest of them `agoMs` before now. */
const delay = (count: number, agoMs = 0) =>
  accountDelaySeconds({ count, oldest: null, latest: new Date(now.getTime() - agoMs), now });

describe('the account-wide delay', () => {
  it('holds nobody back while one address could have made every failure', () => {
    expect(delay(0)).toBe(0);
    expect(delay(LOGIN_FAILURES_PER_USERNAME)).toBe(0);
    expect(accountDelaySeconds({ count: 50, oldest: null, latest: null, now })).toBe(0);
  });

  it('doubles with each failure beyond that, up to the cap, from the latest failure', () => {
    const seconds = [1, 2, 3, 4, 5, 6, 7, 40].map((excess) => delay(LOGIN_FAILURES_PER_USERNAME + excess));
    expect(seconds).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
    expect(LOGIN_DELAY_CAP_SECONDS).toBe(60);
    expect(delay(LOGIN_FAILURES_PER_USERNAME + 3, 2_500)).toBe(6);
    expect(delay(LOGIN_FAILURES_PER_USERNAME + 3, 7_999)).toBe(1);
    expect(delay(LOGIN_FAILURES_PER_USERNAME + 3, 8_000)).toBe(0);
    expect(delay(10_000, 60_000)).toBe(0);
  });
});
