// A local stand-in for an S3-compatible object store, for tests: path-style PutObject, GetObject and DeleteObject on
// one bucket, objects kept in memory. Every request is authenticated as S3 does (Amazon S3 API Reference,
// "Authenticating Requests (AWS Signature Version 4)"): the signature is recomputed from the request as received,
// with the known secret, and a mismatch is refused with S3's XML error (403 SignatureDoesNotMatch); so are a body
// that is not the one signed, a clock more than 15 minutes off, and an unknown key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest, uriEncode } from '../photos/sigv4';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface S3StandIn {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT (path style). */
  url: string;
  /** The variables that point a server at this stand-in (PHOTO_STORE=s3 and every S3_ one). */
  env: Record<string, string>;
  /** The bucket's objects by key. */
  objects: Map<string, StoredObject>;
  /** Every request received and how it was answered. */
  requests: { method: string; key: string; status: number; code: string | null }[];
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const SERVICE = 's3';

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

function sendError(res: ServerResponse, refusal: S3Refusal): void {
  res.writeHead(refusal.status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
  );
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `AWS4-HMAC-SHA256 Credential=AK/20150830/us-east-1/s3/aws4_request, SignedHeaders=a;b, Signature=hex`. */
function parseAuthorization(value: string | undefined) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      value ?? '',
    );
  if (!match) {
    throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
  }
  const [, accessKeyId = '', date = '', region = '', service = '', signedHeaders = '', signature = ''] =
    match;
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
}

/** `YYYYMMDDTHHMMSSZ` as an instant. */
const instantOf = (amzDate: string) =>
  Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** Checks the request's signature as S3 does; answers the object key (path style: `/bucket/key`). */
function authenticate(
  req: IncomingMessage,
  body: Buffer,
  account: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string },
): string {
  const auth = parseAuthorization(req.headers.authorization);
  if (auth.accessKeyId !== account.accessKeyId) {
    throw new S3Refusal(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = instantOf(amzDate);
  if (
    Number.isNaN(at) ||
    auth.date !== amzDate.slice(0, 8) ||
    auth.region !== account.region ||
    auth.service !== SERVICE
  ) {
    throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  if (Math.abs(Date.now() - at) > MAX_SKEW_MS) {
    throw new S3Refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    throw new S3Refusal(
      400,
      'XAmzContentSHA256Mismatch',
      'The provided x-amz-content-sha256 header does not match what was computed.',
    );
  }
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date')) {
    throw new S3Refusal(403, 'AccessDenied', 'host and x-amz-date must be signed');
  }
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const path = rawPath.split('/').map(decodeURIComponent).join('/');
  // S3 signs the path as sent: one encoded otherwise than SigV4 says (lower-case hex, `+`, `$` bare) does not match.
  const sentAsSigned = uriEncode(path, true) === rawPath;
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map(
      (pair) =>
        pair.split('=', 2).map((part) => decodeURIComponent(part.replace(/\+/g, ' '))) as [string, string],
    );
  const headers = Object.fromEntries(
    auth.signedHeaders.map((name) => [name, String(req.headers[name] ?? '')]),
  );
  const expected = signRequest({
    method: req.method ?? 'GET',
    path,
    query: query.map(([k, v]) => [k, v ?? ''] as const),
    headers,
    payloadHash,
    amzDate,
    region: account.region,
    service: SERVICE,
    credentials: { accessKeyId: account.accessKeyId, secretAccessKey: account.secretAccessKey },
  });
  if (!sentAsSigned || !timingSafeEqual(Buffer.from(expected.signature), Buffer.from(auth.signature))) {
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  const prefix = `/${account.bucket}/`;
  if (!path.startsWith(prefix) || path.length === prefix.length) {
    throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist');
  }
  return path.slice(prefix.length);
}

function answer(
  method: string,
  key: string,
  body: Buffer,
  req: IncomingMessage,
  res: ServerResponse,
  objects: Map<string, StoredObject>,
): number {
  if (method === 'PUT') {
    objects.set(key, {
      bytes: body,
      contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
    });
    res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    return 200;
  }
  if (method === 'GET') {
    const found = objects.get(key);
    if (!found) {
      throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    res
      .writeHead(200, { 'content-type': found.contentType, 'content-length': found.bytes.length })
      .end(found.bytes);
    return 200;
  }
  if (method === 'DELETE') {
    objects.delete(key);
    res.writeHead(204).end();
    return 204;
  }
  throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const account = {
    bucket: options.bucket ?? 'terroir-photos',
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId ?? 'TERROIRTESTKEY',
    secretAccessKey: options.secretAccessKey ?? randomBytes(20).toString('base64'),
  };
  const objects = new Map<string, StoredObject>();
  const requests: S3StandIn['requests'] = [];
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    bodyOf(req).then(
      (body) => {
        let key = '';
        try {
          key = authenticate(req, body, account);
          requests.push({ method, key, status: answer(method, key, body, req, res, objects), code: null });
        } catch (error) {
          const refusal =
            error instanceof S3Refusal ? error : new S3Refusal(500, 'InternalError', String(error));
          requests.push({ method, key, status: refusal.status, code: refusal.code });
          sendError(res, refusal);
        }
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      PHOTO_STORE: 's3',
      S3_ENDPOINT: url,
      S3_BUCKET: account.bucket,
      S3_REGION: account.region,
      S3_ACCESS_KEY_ID: account.accessKeyId,
      S3_SECRET_ACCESS_KEY: account.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '2000',
    },
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
