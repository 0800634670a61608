// Photos of what people trade or dispute: the allowed types, the size cap and the upload allowance, shared by the
// server that checks them and the web that shrinks a picture to fit them before sending it.
import { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_THUMB_MAX_BYTES, PHOTOS_PER_ITEM } from './photos-constants';

export {
  PHOTO_MAX_BYTES,
  PHOTO_THUMB_MAX_BYTES,
  PHOTOS_PER_ITEM,
} from './photos-constants';

/** The image types a photo may be, by what its bytes say (never by a name or a declared type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

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

/**
 * Base64 of a picture whose bytes are capped at `maxBytes`. The text may run to twice the cap: the server's byte
 * check then answers 413 (too large) rather than a schema 400, and the body limit bounds the whole request anyway.
 */
const zPhotoBase64 = (maxBytes: number) =>
  z
    .string({ error: 'photos.validation.data' })
    .max(Math.ceil((2 * maxBytes) / 3) * 4, 'photos.validation.tooLarge')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photos.validation.data')
    .describe(`A JPEG, PNG or WebP image as base64, at most ${maxBytes} bytes.`);

/** One photo of a listing, lot or post: the picture (1280 px) and its thumbnail (320 px), each checked by its bytes. */
export const ZPhotoUpload = z.object({
  photo: zPhotoBase64(PHOTO_MAX_BYTES),
  thumb: zPhotoBase64(PHOTO_THUMB_MAX_BYTES),
});
export type TPhotoUpload = z.input<typeof ZPhotoUpload>;

/** Up to PHOTOS_PER_ITEM photos with their thumbnails; none when absent. */
export const ZPhotoUploads = z
  .array(ZPhotoUpload, { error: 'photos.validation.data' })
  .max(PHOTOS_PER_ITEM, 'photos.validation.tooMany')
  .optional()
  .transform((v) => v ?? []);

/** POST …/:id/photos: photos added to something that exists (at most PHOTOS_PER_ITEM in all). */
export const ZPhotosAdd = z.object({
  photos: z
    .array(ZPhotoUpload, { error: 'photos.validation.data' })
    .min(1, 'photos.validation.none')
    .max(PHOTOS_PER_ITEM, 'photos.validation.tooMany'),
});

/** A stored photo as the API shows it: the picture's address and its thumbnail's (each names its bytes' hash). */
export const ZPhotoRef = z.object({ url: z.string(), thumb: z.string() });
export type TPhotoRef = z.infer<typeof ZPhotoRef>;
