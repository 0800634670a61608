// Farms and who belongs to them.
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

export const farms = pgTable(
  'farms',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    sizeHa: doublePrecision('size_ha').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    elevation: doublePrecision('elevation').notNull(),
    crop: text('crop').notNull(),
    plantingDate: date('planting_date', { mode: 'string' }).notNull(),
    soilTexture: text('soil_texture'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('farms_owner_idx').on(t.ownerId)],
);

export const farmMembers = pgTable(
  'farm_members',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'manager', 'worker', 'viewer'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.userId] }), index('farm_members_user_idx').on(t.userId)],
);
