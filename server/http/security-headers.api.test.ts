// Every answer carries security headers: the web app's pages (and the API's documentation) helmet's full set with a
// strict CSP, API answers (reads, errors, unknown paths) the set OWASP keeps for APIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

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

const API_EXPECTED = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Headers meant for HTML pages only, which an API answer leaves out. */
const PAGE_ONLY = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'x-xss-protection',
  'cross-origin-opener-policy',
];

describe('security headers', () => {
  it.each([
    ['an API read', '/api/health', 200],
    ['an unknown API path', '/api/nothing-here', 404],
    ['bad input', '/api/commodities/abc', 401],
  ])('on %s: the API set, nothing for pages', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(API_EXPECTED);
    for (const name of PAGE_ONLY) {
      expect(res.headers[name]).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['a page of the web app', '/marketplace', 200],
    ['the API documentation', '/api/docs/', 200],
  ])('on %s: the full set with a strict CSP', async (_what, url, status) => {
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
    expect(apiSecurityHeaders({ hsts: true })['strict-transport-security']).toBe(
      headers['strict-transport-security'],
    );
    expect(apiSecurityHeaders({ hsts: false })['strict-transport-security']).toBeUndefined();
  });
});
