// A picture made small enough to send from a phone before it is uploaded: its longest side at most 1280 px, encoded
// as WebP (JPEG where the browser cannot write WebP) under the server's 150 KB cap, as base64 for a JSON body; and
// beside it a 320 px thumbnail under its own cap, shown first on a slow connection. Drawn again on a canvas, both
// lose whatever metadata the camera wrote (the server strips it again anyway).
import type { TPhotoUpload } from '../../contract/photos';
import {
  PHOTO_LONGEST_SIDE,
  PHOTO_MAX_BYTES,
  PHOTO_THUMB_MAX_BYTES,
  PHOTO_THUMB_SIDE,
} from '../../contract/photos-constants';

/** The size a picture is drawn at: within `longest` on its longest side, never enlarged, proportions kept. */
export function fitWithin(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Qualities tried in turn, then the next smaller size (three quarters) with the same, until the photo fits. */
export const QUALITIES = [0.82, 0.7, 0.55, 0.4] as const;
const SIDE_STEP = 0.75;

/** What one encoding aims at: the longest side to start from, the smallest worth trying, the byte cap. */
export interface PhotoTarget {
  longest: number;
  smallest: number;
  maxBytes: number;
}
/** The picture sent: 1280 px down to 160 px, under 150 KB. */
export const FULL_PHOTO: PhotoTarget = {
  longest: PHOTO_LONGEST_SIDE,
  smallest: 160,
  maxBytes: PHOTO_MAX_BYTES,
};
/** Its thumbnail: 320 px down to 80 px, under the thumbnail cap. */
export const THUMB_PHOTO: PhotoTarget = {
  longest: PHOTO_THUMB_SIDE,
  smallest: 80,
  maxBytes: PHOTO_THUMB_MAX_BYTES,
};

/** The tries, in order: each size with each quality, the size shrinking until it is too small to be of use. */
export function encodingTries(
  width: number,
  height: number,
  target: PhotoTarget = FULL_PHOTO,
): { width: number; height: number; quality: number }[] {
  const tries: { width: number; height: number; quality: number }[] = [];
  let longest = target.longest;
  while (longest >= target.smallest) {
    const size = fitWithin(width, height, longest);
    for (const quality of QUALITIES) {
      tries.push({ ...size, quality });
    }
    longest = Math.round(longest * SIDE_STEP);
  }
  return tries;
}

/** Base64 of a blob's bytes, without a `data:` prefix. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** One encoded picture: its bytes as base64 and their type (for a preview). */
export interface EncodedPhoto {
  base64: string;
  type: string;
}

/** A photo ready to send, and its thumbnail. */
export interface ShrunkPhoto extends EncodedPhoto {
  thumb: EncodedPhoto;
}

/** Photos as the API takes them for a listing, a lot or a post: each picture with its thumbnail. */
export const photoUploads = (photos: readonly ShrunkPhoto[]): TPhotoUpload[] =>
  photos.map((p) => ({ photo: p.base64, thumb: p.thumb.base64 }));

/** The bitmap drawn and encoded at the first try that fits `target`; throws when none does. */
async function encodeWithin(
  bitmap: ImageBitmap,
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  target: PhotoTarget,
): Promise<EncodedPhoto> {
  let type = 'image/webp';
  for (const attempt of encodingTries(bitmap.width, bitmap.height, target)) {
    canvas.width = attempt.width;
    canvas.height = attempt.height;
    context.drawImage(bitmap, 0, 0, attempt.width, attempt.height);
    let blob = await encode(canvas, type, attempt.quality);
    // A browser that cannot write WebP answers PNG: JPEG from then on.
    if (blob && blob.type !== type) {
      type = 'image/jpeg';
      blob = await encode(canvas, type, attempt.quality);
    }
    if (blob && blob.size <= target.maxBytes) {
      return { base64: await blobToBase64(blob), type: blob.type };
    }
  }
  throw new Error('too large');
}

/**
 * The picture shrunk and encoded to fit the cap, and its thumbnail drawn from the same picture; throws when the
 * browser cannot read it (not a picture) or it cannot be made to fit.
 */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    const full = await encodeWithin(bitmap, canvas, context, FULL_PHOTO);
    const thumb = await encodeWithin(bitmap, canvas, context, THUMB_PHOTO);
    return { ...full, thumb };
  } finally {
    bitmap.close();
  }
}
