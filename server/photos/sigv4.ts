// AWS Signature Version 4 over node:crypto (AWS, "Create a signed AWS API request", IAM User Guide; "Authenticating
// Requests: Using the Authorization Header", Amazon S3 API Reference): the canonical request, the string to sign and
// the signature, as pure functions so that the S3 stand-in checks a request with the same rules S3 applies.
import { createHash, createHmac } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignInput {
  method: string;
  /** The path as the service sees it, not yet encoded (`/bucket/key`). */
  path: string;
  /** Query parameters, in any order (sorted here by code point). */
  query?: readonly (readonly [string, string])[];
  /** Every header to sign (names in any case), `host` included. */
  headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (or `UNSIGNED-PAYLOAD`). */
  payloadHash: string;
  /** `YYYYMMDDTHHMMSSZ`. */
  amzDate: string;
  region: string;
  service: string;
  credentials: Credentials;
}

export interface Signed {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  signedHeaders: string;
  /** The `Authorization` header's value. */
  authorization: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** `YYYYMMDDTHHMMSSZ` of an instant (the form of `x-amz-date`). */
export const amzDateOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * URI-encodes as SigV4 asks: every byte but `A-Z a-z 0-9 - . _ ~` as `%XY` with upper-case hex (so `$` is `%24` and
 * a space `%20`, never `+`); `/` kept in a path.
 */
export function uriEncode(text: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out +=
      /[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Header names lower-cased and sorted; values trimmed with inner runs of spaces made one. */
function canonicalHeaders(headers: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(headers)
    .map(([name, value]): [string, string] => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The canonical request: method, URI, query, headers, signed header names, payload hash; one per line. */
export function canonicalRequest(
  input: Pick<SignInput, 'method' | 'path' | 'query' | 'headers' | 'payloadHash'>,
): {
  text: string;
  signedHeaders: string;
} {
  const query = (input.query ?? [])
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = canonicalHeaders(input.headers);
  const signedHeaders = headers.map(([name]) => name).join(';');
  const text = [
    input.method.toUpperCase(),
    uriEncode(input.path || '/', true),
    query,
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

/** The scope a signature is valid in: `date/region/service/aws4_request`. */
export const credentialScope = (amzDate: string, region: string, service: string) =>
  `${amzDate.slice(0, 8)}/${region}/${service}/aws4_request`;

/** The signing key: the secret HMAC'd with the date, the region, the service and `aws4_request`, in turn. */
function signingKey(secret: string, amzDate: string, region: string, service: string): Buffer {
  const date = hmac(`AWS4${secret}`, amzDate.slice(0, 8));
  return hmac(hmac(hmac(date, region), service), 'aws4_request');
}

/** Signs one request: what a client sends as `Authorization`, and what a server recomputes to check it. */
export function signRequest(input: SignInput): Signed {
  const canonical = canonicalRequest(input);
  const scope = credentialScope(input.amzDate, input.region, input.service);
  const stringToSign = [ALGORITHM, input.amzDate, scope, sha256Hex(canonical.text)].join('\n');
  const key = signingKey(input.credentials.secretAccessKey, input.amzDate, input.region, input.service);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    canonicalRequest: canonical.text,
    stringToSign,
    signature,
    signedHeaders: canonical.signedHeaders,
    authorization: `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${canonical.signedHeaders}, Signature=${signature}`,
  };
}
