import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs, settlement } from './outbound-worker';
import { reportedStatus } from './provider-callbacks.service';

describe('retryDelayMs', () => {
  it('starts at 30 s, doubles, and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('waits at least what the provider asks (Retry-After), within the hour', () => {
    expect(retryDelayMs(1, 90_000)).toBe(90_000);
    expect(retryDelayMs(1, 86_400_000)).toBe(3_600_000);
  });
});

describe('settlement', () => {
  const sent = { kind: 'sent', messageId: 'ATXid_1' } as const;
  it('records the provider’s id of a sent message', () => {
    expect(settlement({ attempts: 1 }, { outcome: sent, viaTemplate: true })).toEqual({
      status: 'sent',
      providerMessageId: 'ATXid_1',
      viaTemplate: true,
    });
  });

  it('queues a retry later, and gives up after the last attempt', () => {
    const retry = { outcome: { kind: 'retry', reason: 'HTTP 503' } as const, viaTemplate: false };
    const later = settlement({ attempts: 2 }, retry);
    expect(later.status).toBe('queued');
    expect(settlement({ attempts: MAX_ATTEMPTS }, retry)).toEqual({
      status: 'failed',
      error: `gave up after ${MAX_ATTEMPTS} attempts: HTTP 503`,
    });
  });

  it('never retries a refusal or a message that may have left', () => {
    expect(
      settlement({ attempts: 1 }, { outcome: { kind: 'refused', reason: 'AT 403' }, viaTemplate: false })
        .status,
    ).toBe('failed');
    expect(
      settlement({ attempts: 1 }, { outcome: { kind: 'unconfirmed', reason: 'timeout' }, viaTemplate: false })
        .status,
    ).toBe('unconfirmed');
  });
});

describe('reportedStatus', () => {
  it('moves forward only', () => {
    expect(reportedStatus('sent', 'delivered')).toBe('delivered');
    expect(reportedStatus('delivered', 'sent')).toBeNull();
    expect(reportedStatus('read', 'delivered')).toBeNull();
    expect(reportedStatus('unconfirmed', 'sent')).toBe('sent');
  });

  it('lets a sent message fail, never a delivered or failed one change', () => {
    expect(reportedStatus('sent', 'failed')).toBe('failed');
    expect(reportedStatus('delivered', 'failed')).toBeNull();
    expect(reportedStatus('failed', 'delivered')).toBeNull();
  });
});
