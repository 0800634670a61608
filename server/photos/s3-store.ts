// Photos' bytes in an S3-compatible object store through S3's REST API (PutObject, GetObject, DeleteObject; Amazon S3
// API Reference), each request signed with SigV4 (./sigv4.ts): no SDK, three calls over fetch.
import type { S3Config } from '../config-photo-store';
import { amzDateOf, sha256Hex, signRequest, uriEncode } from './sigv4';

/** Where the bytes of photos are kept when not in the database. */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when the store has no such key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object (no error when it is already gone, as S3 answers). */
  delete(key: string): Promise<void>;
}

/** The store could not be reached, refused the request, or answered something else than S3 would. */
export class ObjectStoreUnavailable extends Error {}

/** The `<Code>` of an S3 XML error body (e.g. SignatureDoesNotMatch), when there is one. */
const errorCodeOf = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? null;

/** The request's URL and the path S3 signs: `/bucket/key` on the endpoint, or `/key` on `bucket.endpoint`. */
export function objectAddress(config: S3Config, key: string): { url: URL; path: string } {
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  const path = config.forcePathStyle ? `${base}/${config.bucket}/${key}` : `${base}/${key}`;
  if (!config.forcePathStyle) {
    endpoint.hostname = `${config.bucket}.${endpoint.hostname}`;
  }
  // Keys are ours (letters, digits, `_` and `/`): nothing in them that a URL would normalise (`.`, `..`).
  return { url: new URL(uriEncode(path, true), endpoint.origin), path };
}

export function s3ObjectStore(config: S3Config, now: () => Date = () => new Date()): ObjectStore {
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };

  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ) {
    const { url, path } = objectAddress(config, key);
    const payloadHash = sha256Hex(body ?? '');
    const amzDate = amzDateOf(now());
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const signed = signRequest({
      method,
      path,
      headers,
      payloadHash,
      amzDate,
      region: config.region,
      service: 's3',
      credentials,
    });
    const { host: _host, ...sent } = headers;
    try {
      return await fetch(url, {
        method,
        headers: { ...sent, authorization: signed.authorization },
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new ObjectStoreUnavailable(
        `${method} ${key}: ${error instanceof Error ? error.message : error}`,
        {
          cause: error,
        },
      );
    }
  }

  async function refused(method: string, key: string, res: Response): Promise<ObjectStoreUnavailable> {
    const code = errorCodeOf(await res.text().catch(() => ''));
    return new ObjectStoreUnavailable(`${method} ${key}: ${res.status}${code ? ` ${code}` : ''}`);
  }

  return {
    async put(key, bytes, contentType) {
      const res = await send('PUT', key, bytes, contentType);
      if (!res.ok) {
        throw await refused('PUT', key, res);
      }
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        const code = errorCodeOf(await res.text().catch(() => ''));
        if (code === 'NoSuchKey') {
          return null;
        }
        throw new ObjectStoreUnavailable(`GET ${key}: 404 ${code ?? ''}`);
      }
      if (!res.ok) {
        throw await refused('GET', key, res);
      }
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) {
        throw await refused('DELETE', key, res);
      }
      await res.body?.cancel();
    },
  };
}
