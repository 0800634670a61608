// Farms, who belongs to them, and their sensor readings, devices, surveys and analytics results.
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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

/** Sensor readings: one row per (farm, type, instant); a re-sent reading replaces the stored value. */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    type: text('type').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [uniqueIndex('sensor_readings_farm_type_ts_idx').on(t.farmId, t.type, t.ts)],
);

/** Devices that post readings with their own key; only a hash of the key is stored. */
export const farmDevices = pgTable(
  'farm_devices',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The first characters of the key, so people can tell their keys apart. */
    keyHint: text('key_hint').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('farm_devices_farm_idx').on(t.farmId)],
);

export const farmSurveys = pgTable(
  'farm_surveys',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    growthStage: text('growth_stage'),
    pests: jsonb('pests').$type<{ name: string; severity: number }[]>().notNull(),
    irrigationMm: doublePrecision('irrigation_mm').notNull().default(0),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('farm_surveys_farm_date_idx').on(t.farmId, t.date)],
);

/** Stored analytics results; `data` is the analysis output (server/farms/agronomy/types.ts). */
export const farmAnalytics = pgTable(
  'farm_analytics',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('farm_analytics_farm_created_idx').on(t.farmId, t.createdAt)],
);

/**
 * Alerts the analytics raised for a farm (late-blight risk, frost): one per farm, kind and local day, so readings sent
 * again, or more readings of the same day, do not alert twice.
 */
export const farmAlerts = pgTable(
  'farm_alerts',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['late_blight', 'frost'] }).notNull(),
    /** The day the alert is about (the farm's day of the readings that raised it). */
    day: date('day', { mode: 'string' }).notNull(),
    /** What raised it (values for the text, e.g. the lowest temperature). */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('farm_alerts_farm_kind_day_idx').on(t.farmId, t.kind, t.day)],
);
