// Photo constants the web's screens need at first render, without zod (contract/photos.ts holds the schemas).

/** The most bytes one stored photo may have: what a phone's shrunk picture fits in on a slow connection. */
export const PHOTO_MAX_BYTES = 150 * 1024;
/** The longest side, in pixels, a phone shrinks a picture to before uploading it. */
export const PHOTO_LONGEST_SIDE = 1280;
/** Photos one thing may carry (a dispute's reply, a listing, a lot, a post). */
export const PHOTOS_PER_ITEM = 4;
/** The longest side, in pixels, of the thumbnail a phone makes beside each photo (shown first on a slow connection). */
export const PHOTO_THUMB_SIDE = 320;
/** The most bytes one thumbnail may have. */
export const PHOTO_THUMB_MAX_BYTES = 32 * 1024;
