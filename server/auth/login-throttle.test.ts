// The pure parts of the sign-in limits: the account-wide delay and the source a try counts against.
import { describe, expect, it } from 'vitest';
import {
  accountDelaySeconds,
  LOGIN_DELAY_CAP_SECONDS,
  LOGIN_FAILURES_PER_USERNAME,
  networkSource,
} from './login-throttle';

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

describe('the source a try counts against', () => {
  it('is an IPv4 address itself, however it is spelt', () => {
    expect(networkSource('203.0.113.7')).toBe('203.0.113.7');
    expect(networkSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkSource('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, one spelling for every address in it', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::7%eth0',
    ]) {
      expect(networkSource(ip), ip).toBe(net);
    }
    expect(networkSource('2001:db8:1:3::1')).not.toBe(net);
    expect(networkSource('::1')).toBe('0:0:0:0::/64');
    expect(networkSource('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
