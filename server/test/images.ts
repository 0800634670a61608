// Small images made in code for tests (never downloaded): a real PNG any browser draws, and JPEG and WebP files
// built segment by segment, with an EXIF block holding a GPS position when asked.
import { solidPng } from '../photos/solid-png';

const ascii = (text: string) => Buffer.from(text, 'latin1');
/** What a GPS block says in these files: the strip must leave none of it. */
export const GPS_MARK = 'GPSLatitude 5.4777N GPSLongitude 10.4176E';

/** A `size`×`size` PNG of one colour (RGB), with an eXIf chunk carrying a GPS mark when `gps`. */
export function tinyPng(
  options: { size?: number; rgb?: [number, number, number]; gps?: boolean } = {},
): Buffer {
  const exif: [string, Buffer][] = [['eXIf', Buffer.concat([ascii('MM\0*'), ascii(GPS_MARK)])]];
  return solidPng(options.size ?? 8, options.rgb ?? [200, 160, 40], options.gps ? exif : []);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A JPEG's structure (JFIF header, an EXIF APP1 with a GPS mark when `gps`, a table, a scan, the end). */
export function tinyJpeg(options: { gps?: boolean; scanBytes?: number } = {}): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.concat([ascii('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])])),
    ...(options.gps ? [jpegSegment(0xe1, Buffer.concat([ascii('Exif\0\0'), ascii(GPS_MARK)]))] : []),
    jpegSegment(0xdb, Buffer.alloc(65, 1)),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    Buffer.alloc(options.scanBytes ?? 32, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function webpChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WebP's structure (VP8X announcing EXIF, an image chunk, an EXIF chunk with a GPS mark when `gps`). */
export function tinyWebp(options: { gps?: boolean } = {}): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = options.gps ? 0x08 : 0;
  const body = Buffer.concat([
    webpChunk('VP8X', vp8x),
    webpChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11])),
    ...(options.gps ? [webpChunk('EXIF', Buffer.concat([ascii('MM\0*'), ascii(GPS_MARK)]))] : []),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
