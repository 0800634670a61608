// Photos kept in the database (so every instance and every backup has them): the bytes as checked and stripped,
// what they belong to, and their content hash, which is their address. With PHOTO_STORE=s3 the bytes are in the
// object store instead and the row keeps the rest (photo-store.ts).
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PHOTO_TYPES } from '../../contract/photos';
import { users } from '../db/schema';

/** Raw bytes (node-postgres answers a Buffer, PGlite a Uint8Array; both are Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** What a photo may belong to: its owner's module decides who may see it. */
export const PHOTO_OWNERS = ['dispute_reply', 'lot', 'listing', 'post'] as const;
/** A picture as uploaded (1280 px), or the thumbnail (320 px) the phone made beside it. */
export const PHOTO_VARIANTS = ['full', 'thumb'] as const;

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    ownerKind: text('owner_kind', { enum: PHOTO_OWNERS }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /** SHA-256 of `bytes`, hex. */
    hash: text('hash').notNull(),
    mime: text('mime', { enum: PHOTO_TYPES }).notNull(),
    /** Empty when the bytes are in the object store (PHOTO_STORE=s3): a real image is never empty. */
    bytes: bytea('bytes').notNull(),
    variant: text('variant', { enum: PHOTO_VARIANTS }).notNull().default('full'),
    /** On a full picture uploaded with a thumbnail: the thumbnail's hash (a row of the same owner). */
    thumbHash: text('thumb_hash'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photos_owner_hash_idx').on(t.ownerKind, t.ownerId, t.hash),
    index('photos_uploaded_by_idx').on(t.uploadedBy),
  ],
);
