// Security headers (helmet's, with a strict CSP) computed once at start-up and set on every response.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { MAP_TILE_ORIGIN } from '../../contract/constants';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The farm map's tiles (web/components/farm-scope/farm-map.tsx).
  imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet would set, as one object: helmet rebuilds its CSP string on every request when used as
 * per-request middleware (≈ 4 % of the server's CPU on hot reads), but nothing in them depends on the request.
 */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  const config: HelmetOptions = {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts,
  };
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(config)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    response as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure) {
    throw failure;
  }
  return headers;
}

/**
 * What an API answer (JSON, a photo, a CSV) carries: OWASP's REST Security Cheat Sheet ("Security Headers") keeps
 * for APIs the headers that stop a browser from sniffing, framing or embedding an answer, and leaves out those meant
 * for HTML pages (script and style sources, DNS prefetch, download and cross-domain policies, origin clusters).
 * Half the headers to write and check on every request, the largest fixed cost of a small answer after the kernel.
 */
export function apiSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  const page = securityHeaders(options);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(page['strict-transport-security']
      ? { 'strict-transport-security': page['strict-transport-security'] }
      : {}),
  };
}

/** Whether a URL is answered by the API (its documentation pages are HTML, and get the pages' headers). */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function installSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? api : page);
    done();
  });
}
