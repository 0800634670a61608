import { describe, expect, it } from 'vitest';
import { isServerPath, nextFromSearch, safeNextPath, signInAddress } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeNextPath('/orders')).toBe('/orders');
    expect(safeNextPath('/orders?order=12#payments')).toBe('/orders?order=12#payments');
    expect(safeNextPath('/marketplace?commodity=maize&farm=3')).toBe('/marketplace?commodity=maize&farm=3');
    expect(safeNextPath('/')).toBe('/');
  });

  it('never leads to another site', () => {
    for (const next of [
      '//evil.example',
      '//evil.example/orders',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/orders',
      'HTTPS://evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'evil.example/orders',
      'orders',
      ' /orders',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBeNull();
    }
  });

  it('normalises what the browser would resolve anyway', () => {
    expect(safeNextPath('/a/../orders')).toBe('/orders');
    expect(safeNextPath('/orders/../../../etc')).toBe('/etc');
  });
});

describe('the sign-in address', () => {
  it('carries the page asked for, and brings it back after', () => {
    const address = signInAddress('/orders?order=12#payments');
    expect(address).toBe('/?next=%2Forders%3Forder%3D12%23payments');
    expect(nextFromSearch(address.slice(2))).toBe('/orders?order=12#payments');
  });

  it('is plain home for home or for a path that is not ours', () => {
    expect(signInAddress('/')).toBe('/');
    expect(signInAddress('//evil.example')).toBe('/');
  });

  it('brings a message’s short link back as a page the server answers (loaded, not routed)', () => {
    const next = nextFromSearch('next=%2Fn%2FAbc-_12345678901234567890');
    expect(next).toBe('/n/Abc-_12345678901234567890');
    expect(isServerPath(next ?? '')).toBe(true);
    expect(isServerPath('/notifications')).toBe(false);
    expect(isServerPath('/orders?order=12')).toBe(false);
  });

  it('reads nothing from a query without a safe next', () => {
    expect(nextFromSearch('')).toBeNull();
    expect(nextFromSearch('next=%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('other=%2Forders')).toBeNull();
  });
});
