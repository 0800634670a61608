// The image type read from the bytes, and the location metadata stripped from each allowed type.
import { describe, expect, it } from 'vitest';
import { GPS_MARK, tinyJpeg, tinyPng, tinyWebp } from '../test/images';
import { MalformedImage, sniffImage, stripLocation } from './image-bytes';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('sniffImage', () => {
  it('reads JPEG, PNG and WebP from their magic bytes, whatever they are called', () => {
    expect(sniffImage(tinyJpeg())).toBe('image/jpeg');
    expect(sniffImage(tinyPng())).toBe('image/png');
    expect(sniffImage(tinyWebp())).toBe('image/webp');
  });

  it('tells another image type from something that is no image', () => {
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('other-image');
    expect(sniffImage(Buffer.from('\0\0\0\x18ftypheic', 'latin1'))).toBe('other-image');
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });
});

describe('stripLocation', () => {
  it('drops a JPEG’s EXIF segment and keeps the rest byte for byte', () => {
    const stripped = stripLocation(tinyJpeg({ gps: true }), 'image/jpeg');
    expect(text(stripped)).not.toContain('GPS');
    expect(text(stripped)).not.toContain('Exif');
    expect(Buffer.from(stripped).equals(tinyJpeg())).toBe(true);
  });

  it('drops a PNG’s eXIf chunk and keeps a valid PNG', () => {
    const stripped = stripLocation(tinyPng({ gps: true }), 'image/png');
    expect(text(stripped)).not.toContain(GPS_MARK);
    expect(Buffer.from(stripped).equals(tinyPng())).toBe(true);
  });

  it('drops a WebP’s EXIF chunk, clears its flag and writes the RIFF size anew', () => {
    const stripped = stripLocation(tinyWebp({ gps: true }), 'image/webp');
    expect(text(stripped)).not.toContain('GPS');
    expect(Buffer.from(stripped).equals(tinyWebp())).toBe(true);
    expect(Buffer.from(stripped).readUInt32LE(4)).toBe(stripped.length - 8);
  });

  it('leaves an image without metadata as it was', () => {
    for (const [bytes, type] of [
      [tinyJpeg(), 'image/jpeg'],
      [tinyPng(), 'image/png'],
      [tinyWebp(), 'image/webp'],
    ] as const) {
      expect(Buffer.from(stripLocation(bytes, type)).equals(bytes)).toBe(true);
    }
  });

  it('refuses bytes that start like an image and break off', () => {
    expect(() => stripLocation(tinyJpeg({ gps: true }).subarray(0, 12), 'image/jpeg')).toThrow(
      MalformedImage,
    );
    expect(() => stripLocation(tinyPng().subarray(0, 30), 'image/png')).toThrow(MalformedImage);
    const webp = tinyWebp();
    webp.writeUInt32LE(10_000, 4);
    expect(() => stripLocation(webp, 'image/webp')).toThrow(MalformedImage);
  });
});
