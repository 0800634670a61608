// What an uploaded file's bytes are (JPEG, PNG, WebP, another image, or not an image), and the same image without
// the metadata that can say where it was taken (EXIF with its GPS block, XMP): pure functions over bytes.
import type { PhotoType } from '../../contract/photos';

/** An allowed image type; `other-image` for a picture of a type we refuse (GIF, BMP, HEIC…); null for no image. */
export type Sniffed = PhotoType | 'other-image' | null;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
/** Other image types, named so that the refusal says "this type", not "not an image". */
const OTHER_IMAGES: readonly { prefix: number[]; at?: number }[] = [
  { prefix: ascii('GIF8') },
  { prefix: ascii('BM') },
  { prefix: [0x49, 0x49, 0x2a, 0x00] },
  { prefix: [0x4d, 0x4d, 0x00, 0x2a] },
  { prefix: ascii('ftyp'), at: 4 },
  { prefix: [0x00, 0x00, 0x01, 0x00] },
];

/** The type the bytes' magic numbers say. */
export function sniffImage(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, JPEG)) {
    return 'image/jpeg';
  }
  if (startsWith(bytes, PNG)) {
    return 'image/png';
  }
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) {
    return 'image/webp';
  }
  return OTHER_IMAGES.some((o) => startsWith(bytes, o.prefix, o.at)) ? 'other-image' : null;
}

/** Thrown when the bytes start like the type but do not hold together as one. */
export class MalformedImage extends Error {}

/**
 * The image without its location-bearing metadata: JPEG APP1 (EXIF, XMP) and APP13 (IPTC) segments, PNG eXIf and
 * text chunks (where XMP goes), WebP EXIF and XMP chunks. The picture itself is left byte for byte.
 */
export function stripLocation(bytes: Uint8Array, type: PhotoType): Uint8Array {
  if (type === 'image/jpeg') {
    return stripJpeg(bytes);
  }
  return type === 'image/png' ? stripPng(bytes) : stripWebp(bytes);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ─── JPEG ────────────────────────────────────────────────────────────────────

const APP1 = 0xe1;
const APP13 = 0xed;
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

/** Segments until the scan (each `FF marker length…`); the scan and what follows are the picture, kept as they are. */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      throw new MalformedImage('jpeg: no marker');
    }
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      at += 1;
      continue;
    }
    if (marker === END_OF_IMAGE || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      if (marker === END_OF_IMAGE) {
        return concat(parts);
      }
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) {
      throw new MalformedImage('jpeg: segment past the end');
    }
    if (marker === START_OF_SCAN) {
      parts.push(bytes.subarray(at));
      return concat(parts);
    }
    if (marker !== APP1 && marker !== APP13) {
      parts.push(bytes.subarray(at, end));
    }
    at = end;
  }
  throw new MalformedImage('jpeg: no image data');
}

// ─── PNG ─────────────────────────────────────────────────────────────────────

/** Chunks that may hold where a picture was taken: EXIF, and the text chunks XMP is written in. */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, PNG.length)];
  let at = PNG.length;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) {
      throw new MalformedImage('png: chunk past the end');
    }
    if (!PNG_DROPPED.has(type)) {
      parts.push(bytes.subarray(at, end));
    }
    at = end;
    if (type === 'IEND') {
      return concat(parts);
    }
  }
  throw new MalformedImage('png: no end chunk');
}

// ─── WebP ────────────────────────────────────────────────────────────────────

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
/** The VP8X header's flags that announce EXIF and XMP chunks, cleared with the chunks. */
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/** `RIFF size WEBP` then chunks (`type size data`, padded to an even length); the RIFF size is written anew. */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length || riffEnd < 12) {
    throw new MalformedImage('webp: size past the end');
  }
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) {
      throw new MalformedImage('webp: chunk past the end');
    }
    if (!WEBP_DROPPED.has(type)) {
      const chunk = bytes.slice(at, Math.min(end, riffEnd));
      if (type === 'VP8X' && size > 0) {
        chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      }
      parts.push(chunk);
    }
    at = end;
  }
  if (parts.length === 0) {
    throw new MalformedImage('webp: no image chunk');
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(RIFF, 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(WEBP, 8);
  return concat([header, body]);
}
