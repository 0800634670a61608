// A photo's check before it is stored: each refusal with its status and message, and what a good photo becomes.
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../contract/photos';
import { AppError } from '../http/errors';
import { GPS_MARK, tinyJpeg, tinyPng } from '../test/images';
import { checkPhoto } from './photos.service';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const refusal = (base64: string) => {
  try {
    checkPhoto(base64);
  } catch (error) {
    return error instanceof AppError ? { status: error.status, key: error.key } : null;
  }
  return null;
};

describe('checkPhoto', () => {
  it('refuses past the byte cap (413), no image or another type (415), a broken file (400)', () => {
    expect(refusal(b64(tinyJpeg({ scanBytes: PHOTO_MAX_BYTES })))).toEqual({
      status: 413,
      key: 'photos.errors.tooLarge',
    });
    expect(refusal(b64(Buffer.from('hello')))).toEqual({ status: 415, key: 'photos.errors.notAnImage' });
    expect(refusal(b64(Buffer.from('GIF89a', 'latin1')))).toEqual({ status: 415, key: 'photos.errors.type' });
    expect(refusal(b64(tinyPng().subarray(0, 40)))).toEqual({ status: 400, key: 'photos.errors.broken' });
  });

  it('answers the stripped bytes, their type and their SHA-256', () => {
    const photo = checkPhoto(b64(tinyPng({ gps: true })));
    expect(photo.mime).toBe('image/png');
    expect(Buffer.from(photo.bytes).toString('latin1')).not.toContain(GPS_MARK);
    expect(photo.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(checkPhoto(b64(tinyPng())).hash).toBe(photo.hash);
  });
});
