// Weather: the provider's grid cells (one fetch serves every farm rounding to the cell), their hourly weather past
// and forecast, and the weather alerts sent to each farm (at most one a day, each alert once).
import { sql } from 'drizzle-orm';
import {
  check,
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
import { WEATHER_ALERT_KINDS, WEATHER_SOURCES } from '../../contract/weather';
import { farms } from '../farms/farms.schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const weatherCells = pgTable(
  'weather_cells',
  {
    id: serial('id').primaryKey(),
    /** The cell's centre, rounded to the grid (0.1°). */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    source: text('source', { enum: WEATHER_SOURCES }).notNull().default('open-meteo'),
    /** Seconds east of UTC of the cell's local time, as the provider answered (days are local days). */
    utcOffsetSeconds: integer('utc_offset_seconds').notNull().default(0),
    /** The first day held; null before the first fetch. */
    historyFrom: date('history_from', { mode: 'string' }),
    fetchedAt: instant('fetched_at'),
    nextFetchAt: instant('next_fetch_at').notNull().defaultNow(),
    /** An instance fetching the cell holds it until then; another takes it only once that has passed. */
    claimedUntil: instant('claimed_until'),
    /** Failed fetches in a row (the delay grows with them); 0 after a success. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('weather_cells_position').on(t.latitude, t.longitude),
    index('weather_cells_due').on(t.nextFetchAt),
  ],
);

/** One hour of a cell (UTC, the hour's start as the provider labels it); null where the provider had no value. */
export const weatherHours = pgTable(
  'weather_hours',
  {
    cellId: integer('cell_id')
      .notNull()
      .references(() => weatherCells.id, { onDelete: 'cascade' }),
    ts: instant('ts').notNull(),
    /** °C at 2 m */
    temperature: doublePrecision('temperature'),
    /** % at 2 m */
    humidity: doublePrecision('humidity'),
    /** m/s at 10 m */
    wind: doublePrecision('wind'),
    /** Mean shortwave radiation over the preceding hour [W/m²]. */
    radiation: doublePrecision('radiation'),
    /** mm over the preceding hour */
    rain: doublePrecision('rain'),
    /** The provider's FAO-56 reference evapotranspiration for the hour [mm]. */
    et0: doublePrecision('et0'),
  },
  (t) => [primaryKey({ columns: [t.cellId, t.ts] })],
);

export const weatherAlerts = pgTable(
  'weather_alerts',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WEATHER_ALERT_KINDS }).notNull(),
    /** The crop plan or lot it is about (0 when none), part of what makes it the same alert. */
    planId: integer('plan_id').notNull().default(0),
    lotId: integer('lot_id').notNull().default(0),
    /** The day it is about. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The farm's day it was sent on: one weather message a day per farm. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    alert: jsonb('alert').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('weather_alerts_once').on(t.farmId, t.kind, t.planId, t.lotId, t.day),
    uniqueIndex('weather_alerts_daily').on(t.farmId, t.sentOn),
    check('weather_alerts_ids', sql`${t.planId} >= 0 and ${t.lotId} >= 0`),
  ],
);
