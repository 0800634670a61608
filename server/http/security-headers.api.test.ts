// Every answer carries the security headers: API reads, errors and the web app's pages alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { securityHeaders } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['an API read', '/api/health', 200],
    ['an unknown API path', '/api/nothing-here', 404],
    ['bad input', '/api/commodities/abc', 401],
    ['a page of the web app', '/marketplace', 200],
  ])('are set on %s', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(EXPECTED);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      // The farm map's tiles, and no other origin.
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    // HSTS only in production (behind HTTPS): a development server on http must not pin browsers to https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when asked, and nothing depends on the request', () => {
    const headers = securityHeaders({ hsts: true });
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(securityHeaders({ hsts: false })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ hsts: true })).toEqual(headers);
  });
});
