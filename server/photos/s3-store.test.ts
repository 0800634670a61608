// The S3 adapter against the local stand-in, which checks each request's signature as S3 does: objects put, read
// and deleted; a wrong secret, a body that is not the one signed, a changed path and a skewed clock refused with
// S3's errors; a store that is down is an ObjectStoreUnavailable, never a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '../test/s3-stand-in';
import { objectAddress, s3ObjectStore } from './s3-store';
import { amzDateOf, sha256Hex, signRequest } from './sigv4';

let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn.close();
});

const configOf = (s: S3StandIn, overrides: { secretAccessKey?: string } = {}) => ({
  endpoint: s.url,
  bucket: s.env.S3_BUCKET ?? '',
  region: s.env.S3_REGION ?? '',
  accessKeyId: s.env.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: overrides.secretAccessKey ?? s.env.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: true,
  timeoutMs: 2000,
});

describe('s3ObjectStore', () => {
  it('puts, gets and deletes an object, path style, with its content type', async () => {
    const store = s3ObjectStore(configOf(standIn));
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put('photos/post/7/abc', bytes, 'image/png');
    expect(standIn.objects.get('photos/post/7/abc')).toEqual({
      bytes: Buffer.from(bytes),
      contentType: 'image/png',
    });
    expect(await store.get('photos/post/7/abc')).toEqual(bytes);
    await store.delete('photos/post/7/abc');
    expect(standIn.objects.has('photos/post/7/abc')).toBe(false);
    expect(await store.get('photos/post/7/abc')).toBeNull();
    await store.delete('photos/post/7/abc');
  });

  it('is refused with 403 SignatureDoesNotMatch when signed with another secret, and stores nothing', async () => {
    const store = s3ObjectStore(configOf(standIn, { secretAccessKey: 'not-the-secret' }));
    await expect(store.put('photos/post/8/abc', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      /PUT photos\/post\/8\/abc: 403 SignatureDoesNotMatch/,
    );
    await expect(store.get('photos/post/8/abc')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(standIn.objects.has('photos/post/8/abc')).toBe(false);
  });

  it('is refused when the clock is more than 15 minutes off', async () => {
    const late = s3ObjectStore(configOf(standIn), () => new Date(Date.now() - 20 * 60 * 1000));
    await expect(late.get('photos/any')).rejects.toThrow(/403 RequestTimeTooSkewed/);
  });

  it('reports a store that is down as unavailable', async () => {
    const down = await startS3StandIn();
    const store = s3ObjectStore(configOf(down));
    await down.close();
    await expect(store.put('photos/post/9/abc', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      /PUT photos\/post\/9\/abc: fetch failed/,
    );
  });
});

describe('objectAddress', () => {
  const config = {
    endpoint: 'https://s3.eu-west-1.amazonaws.com',
    bucket: 'terroir-photos',
    region: 'eu-west-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    forcePathStyle: false,
    timeoutMs: 2000,
  };

  it('puts the bucket in the host by default (virtual-hosted style), and the key alone in the path', () => {
    const { url, path } = objectAddress({ ...config, forcePathStyle: false }, 'photos/post/1/ab');
    expect(url.href).toBe('https://terroir-photos.s3.eu-west-1.amazonaws.com/photos/post/1/ab');
    expect(path).toBe('/photos/post/1/ab');
  });

  it('puts the bucket first in the path with S3_FORCE_PATH_STYLE, after the endpoint’s own path', () => {
    const minio = { ...config, endpoint: 'http://minio:9000/store', forcePathStyle: true };
    const { url, path } = objectAddress(minio, 'photos/lot/2/cd');
    expect(url.href).toBe('http://minio:9000/store/terroir-photos/photos/lot/2/cd');
    expect(path).toBe('/store/terroir-photos/photos/lot/2/cd');
  });
});

describe('the stand-in checks what was signed', () => {
  /** A request signed for `signedPath` and `signedBody`, sent to `sentPath` with `sentBody`. */
  async function tampered(signed: { path: string; body: string }, sent: { path: string; body: string }) {
    const url = new URL(standIn.url);
    const amzDate = amzDateOf(new Date());
    const payloadHash = sha256Hex(signed.body);
    const headers = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    const { authorization } = signRequest({
      method: 'PUT',
      path: signed.path,
      headers,
      payloadHash,
      amzDate,
      region: standIn.env.S3_REGION ?? '',
      service: 's3',
      credentials: {
        accessKeyId: standIn.env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: standIn.env.S3_SECRET_ACCESS_KEY ?? '',
      },
    });
    const res = await fetch(new URL(sent.path, url), {
      method: 'PUT',
      headers: { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate, authorization },
      body: sent.body,
    });
    return { status: res.status, body: await res.text() };
  }

  const bucket = () => standIn.env.S3_BUCKET ?? '';

  it('accepts the request as signed', async () => {
    const same = { path: `/${bucket()}/k1`, body: 'bytes' };
    expect((await tampered(same, same)).status).toBe(200);
  });

  it('refuses another key under the same signature with S3’s XML error', async () => {
    const res = await tampered(
      { path: `/${bucket()}/k2`, body: 'bytes' },
      { path: `/${bucket()}/k3`, body: 'bytes' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>SignatureDoesNotMatch<\/Code>/,
    );
    expect(standIn.objects.has('k3')).toBe(false);
  });

  it('refuses a path encoded otherwise than SigV4 says, as S3 signs the path as sent', async () => {
    const signed = { path: `/${bucket()}/k$5`, body: 'bytes' };
    const res = await tampered(signed, { path: `/${bucket()}/k$5`, body: 'bytes' });
    expect(res.status).toBe(403);
    expect(res.body).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await tampered(signed, { path: `/${bucket()}/k%245`, body: 'bytes' })).status).toBe(200);
    expect(standIn.objects.has('k$5')).toBe(true);
  });

  it('refuses a body other than the one signed', async () => {
    const res = await tampered(
      { path: `/${bucket()}/k4`, body: 'bytes' },
      { path: `/${bucket()}/k4`, body: 'other' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(standIn.objects.has('k4')).toBe(false);
  });
});
