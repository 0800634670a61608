// Photos of what people trade or dispute: the allowed types, the size cap and the upload allowance, shared by the
// server that checks them and the web that shrinks a picture to fit them before sending it.
import { z } from 'zod';

/** The image types a photo may be, by what its bytes say (never by a name or a declared type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The most bytes one stored photo may have: what a phone's shrunk picture fits in on a slow connection. */
export const PHOTO_MAX_BYTES = 150 * 1024;
/** The longest side, in pixels, a phone shrinks a picture to before uploading it. */
export const PHOTO_LONGEST_SIDE = 1280;
/** Photos one thing may carry (a dispute's reply, a listing, a lot, a post). */
export const PHOTOS_PER_ITEM = 4;
/** Photos one user may upload in any hour, across every instance. */
export const PHOTO_UPLOADS_PER_HOUR = 40;

/** A photo's length as base64: 4 characters for every 3 bytes, padded. */
export const PHOTO_MAX_BASE64 = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

/**
 * One photo in a JSON body, as base64 (no `data:` prefix): JSON carries it through the outbox like any write. Its
 * length is capped here; the server checks the bytes themselves (type, size, metadata).
 */
export const ZPhotoData = z
  .string({ error: 'photos.validation.data' })
  .max(PHOTO_MAX_BASE64, 'photos.validation.tooLarge')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photos.validation.data')
  .describe(`A JPEG, PNG or WebP image as base64, at most ${PHOTO_MAX_BYTES} bytes.`);

/** Up to PHOTOS_PER_ITEM photos; none when absent. */
export const ZPhotoList = z
  .array(ZPhotoData, { error: 'photos.validation.data' })
  .max(PHOTOS_PER_ITEM, 'photos.validation.tooMany')
  .optional()
  .transform((v) => v ?? []);

/** A stored photo's hash (SHA-256, hex): part of its address, so the address never serves other bytes. */
export const ZPhotoHash = z.string().regex(/^[0-9a-f]{64}$/, 'photos.validation.hash');
