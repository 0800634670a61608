// PHOTO_STORE and the S3_ variables as the environment gives them: the database by default, an S3-compatible store
// only with everything it needs, each missing variable named at start.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const S3 = {
  PHOTO_STORE: 's3',
  S3_ENDPOINT: 'http://minio:9000/',
  S3_BUCKET: 'terroir-photos',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

describe('PHOTO_STORE', () => {
  it('keeps photos in the database by default, whatever S3_ variables are set', () => {
    expect(loadConfig({}).photoStore).toBeNull();
    expect(loadConfig({ ...S3, PHOTO_STORE: 'database' }).photoStore).toBeNull();
  });

  it('reads the store’s settings with PHOTO_STORE=s3', () => {
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).photoStore).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'terroir-photos',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      forcePathStyle: true,
      timeoutMs: 10_000,
    });
    expect(loadConfig(S3).photoStore?.forcePathStyle).toBe(false);
  });

  it('refuses to start with s3 and a variable missing, naming each', () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = S3;
    expect(() => loadConfig(partial)).toThrow(
      'Invalid configuration:\n  S3_BUCKET: required when PHOTO_STORE=s3\n  S3_SECRET_ACCESS_KEY: required when PHOTO_STORE=s3',
    );
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: '' })).toThrow(/S3_ENDPOINT: required when PHOTO_STORE=s3/);
  });

  it('refuses another store, a bucket name S3 would refuse and an endpoint that is no URL', () => {
    expect(() => loadConfig({ PHOTO_STORE: 'disk' })).toThrow(/PHOTO_STORE/);
    expect(() => loadConfig({ ...S3, S3_BUCKET: 'Terroir_Photos' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});
