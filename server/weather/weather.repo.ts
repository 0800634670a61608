// The weather tables: cells made from the farms' positions, claimed for a fetch through the database (N instances
// fetch a cell once), their hours, and the alerts sent.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TWeatherAlert, WeatherSource } from '../../contract/weather';
import { rowsOf, type Tx } from '../db/client';
import { weatherAlerts, weatherCells, weatherHours } from './weather.schema';
import type { ProviderHour } from './weather-hours';

export type CellRow = typeof weatherCells.$inferSelect;

/** Whether a farm has a position: 0, 0 is the placeholder of a farm made for a seller's books (farms/books-farm.ts). */
export const isPlaced = (farm: { latitude: number; longitude: number }) =>
  farm.latitude !== 0 || farm.longitude !== 0;
const placed = (table: string) => sql.raw(`(${table}.latitude <> 0 or ${table}.longitude <> 0)`);

/** A farm's coordinates rounded to the grid, in SQL (the one rounding every lookup uses). */
const gridOf = (column: string) => sql.raw(`round((${column})::numeric, 1)::float8`);

/**
 * A cell for every grid position some farm rounds to (new farms, moved farms); answers how many were added. Rows go
 * in one order, so instances adding the same new cells at once wait for each other instead of deadlocking.
 */
export async function syncCells(db: Tx): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`insert into weather_cells (latitude, longitude)
      select distinct ${gridOf('latitude')}, ${gridOf('longitude')} from farms where ${placed('farms')}
      order by 1, 2
      on conflict (latitude, longitude) do nothing
      returning id`),
  );
  return rows.length;
}

/**
 * Takes the cell due soonest that no other instance holds, holding it for `leaseSeconds`: the row lock and the
 * lease make one instance fetch it while the others take other cells or none. A cell no farm rounds to any more
 * (its farms moved or left) is not fetched: nobody reads it.
 */
export async function claimDueCell(db: Tx, leaseSeconds: number): Promise<CellRow | null> {
  const [row] = await db
    .update(weatherCells)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      eq(
        weatherCells.id,
        sql`(select c.id from weather_cells c
          where c.next_fetch_at <= now() and (c.claimed_until is null or c.claimed_until < now())
            and exists (select 1 from farms f
              where ${gridOf('f.latitude')} = c.latitude and ${gridOf('f.longitude')} = c.longitude
                and ${placed('f')})
          order by c.next_fetch_at limit 1 for update of c skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The cell a farm's weather comes from; null until the worker has made it. */
export async function cellOfFarm(db: Tx, farmId: number): Promise<CellRow | null> {
  const [row] = await db
    .select()
    .from(weatherCells)
    .where(
      sql`(${weatherCells.latitude}, ${weatherCells.longitude}) =
        (select ${gridOf('latitude')}, ${gridOf('longitude')} from farms where id = ${farmId} and ${placed('farms')})`,
    )
    .limit(1);
  return row ?? null;
}

/** A farm as the weather sees it: where it is, its soil, and whom its alerts go to in which language. */
export interface WeatherFarm {
  id: number;
  name: string;
  ownerId: number;
  latitude: number;
  longitude: number;
  soilTexture: string | null;
  language: 'en' | 'fr';
}

/** The farms whose weather a cell is. */
export async function farmsOfCell(
  db: Tx,
  cell: { latitude: number; longitude: number },
): Promise<WeatherFarm[]> {
  return rowsOf<WeatherFarm>(
    await db.execute(sql`select f.id, f.name, f.owner_id as "ownerId", f.latitude, f.longitude,
        f.soil_texture as "soilTexture", u.language
      from farms f join users u on u.id = f.owner_id
      where ${gridOf('f.latitude')} = ${cell.latitude} and ${gridOf('f.longitude')} = ${cell.longitude}
        and ${placed('f')}
      order by f.id`),
  );
}

/** One farm as the weather sees it. */
export async function weatherFarm(db: Tx, farmId: number): Promise<WeatherFarm | null> {
  const rows = rowsOf<WeatherFarm>(
    await db.execute(sql`select f.id, f.name, f.owner_id as "ownerId", f.latitude, f.longitude,
        f.soil_texture as "soilTexture", u.language
      from farms f join users u on u.id = f.owner_id where f.id = ${farmId}`),
  );
  return rows[0] ?? null;
}

/** Rows per insert: 7 values each stays far below PostgreSQL's 65,535 parameters. */
const HOURS_PER_INSERT = 2000;

/** Stores fetched hours, a fetched hour replacing what was held for it (a forecast hour becomes the analysis). */
export async function storeHours(db: Tx, cellId: number, hours: readonly ProviderHour[]): Promise<void> {
  for (let i = 0; i < hours.length; i += HOURS_PER_INSERT) {
    const chunk = hours.slice(i, i + HOURS_PER_INSERT).map((h) => ({ cellId, ...h }));
    await db
      .insert(weatherHours)
      .values(chunk)
      .onConflictDoUpdate({
        target: [weatherHours.cellId, weatherHours.ts],
        set: {
          temperature: sql`excluded.temperature`,
          humidity: sql`excluded.humidity`,
          wind: sql`excluded.wind`,
          radiation: sql`excluded.radiation`,
          rain: sql`excluded.rain`,
          et0: sql`excluded.et0`,
        },
      });
  }
}

/**
 * Drops a cell's hours and the history it said it held (the demo's generated weather, when the provider's replaces
 * it): the history held is then what the fetch brings, not the demo's first day.
 */
export async function dropHours(db: Tx, cellId: number): Promise<void> {
  await db.delete(weatherHours).where(eq(weatherHours.cellId, cellId));
  await db.update(weatherCells).set({ historyFrom: null }).where(eq(weatherCells.id, cellId));
}

/** A cell's hours in [from, to), oldest first. */
export async function hoursBetween(db: Tx, cellId: number, from: Date, to: Date): Promise<ProviderHour[]> {
  return db
    .select({
      ts: weatherHours.ts,
      temperature: weatherHours.temperature,
      humidity: weatherHours.humidity,
      wind: weatherHours.wind,
      radiation: weatherHours.radiation,
      rain: weatherHours.rain,
      et0: weatherHours.et0,
    })
    .from(weatherHours)
    .where(and(eq(weatherHours.cellId, cellId), gte(weatherHours.ts, from), lt(weatherHours.ts, to)))
    .orderBy(asc(weatherHours.ts));
}

/** After a fetch: when the next is due, how far back the cell's history now goes, and the lease let go. */
export async function cellFetched(
  db: Tx,
  cellId: number,
  values: { utcOffsetSeconds: number; historyFrom: string; refreshMinutes: number; source: WeatherSource },
): Promise<void> {
  await db
    .update(weatherCells)
    .set({
      utcOffsetSeconds: values.utcOffsetSeconds,
      historyFrom: sql`least(coalesce(${weatherCells.historyFrom}, ${values.historyFrom}::date), ${values.historyFrom}::date)`,
      source: values.source,
      fetchedAt: sql`now()`,
      nextFetchAt: sql`now() + make_interval(mins => ${values.refreshMinutes})`,
      claimedUntil: null,
      failures: 0,
      lastError: null,
    })
    .where(eq(weatherCells.id, cellId));
}

/** After a failed fetch: tried again after `delaySeconds`; answers the failures in a row, this one included. */
export async function cellFailed(
  db: Tx,
  cellId: number,
  error: string,
  delaySeconds: number,
): Promise<number> {
  const [row] = await db
    .update(weatherCells)
    .set({
      failures: sql`${weatherCells.failures} + 1`,
      lastError: error.slice(0, 500),
      nextFetchAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      claimedUntil: null,
    })
    .where(eq(weatherCells.id, cellId))
    .returning({ failures: weatherCells.failures });
  return row?.failures ?? 1;
}

/** Makes (or relabels) a cell whose weather comes from elsewhere than a fetch: the demo's generated weather. */
export async function putCell(
  db: Tx,
  values: {
    latitude: number;
    longitude: number;
    source: WeatherSource;
    utcOffsetSeconds: number;
    historyFrom: string;
  },
): Promise<CellRow> {
  const [row] = await db
    .insert(weatherCells)
    .values({
      ...values,
      latitude: sql`round(${values.latitude}::numeric, 1)::float8`,
      longitude: sql`round(${values.longitude}::numeric, 1)::float8`,
      fetchedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [weatherCells.latitude, weatherCells.longitude],
      set: {
        source: values.source,
        utcOffsetSeconds: values.utcOffsetSeconds,
        historyFrom: values.historyFrom,
        // A cell the worker made (and failed to fetch) before the demo's weather came in now has weather.
        fetchedAt: sql`now()`,
      },
    })
    .returning();
  return row as CellRow;
}

/**
 * Records an alert as sent to a farm today (its local `sentOn`): refused (null) when this alert was already sent or
 * the farm had its weather message today, so N instances and every refresh send it at most once.
 */
export async function recordAlert(
  db: Tx,
  farmId: number,
  sentOn: string,
  alert: TWeatherAlert,
): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`insert into weather_alerts (farm_id, kind, plan_id, lot_id, day, sent_on, alert)
      values (${farmId}, ${alert.kind}, ${alert.planId ?? 0}, ${alert.lotId ?? 0}, ${alert.day}::date,
        ${sentOn}::date, ${JSON.stringify(alert)}::jsonb)
      on conflict do nothing
      returning id`),
  );
  return rows[0]?.id ?? null;
}

/** Whether this alert was sent already (any day). */
export async function alertSent(db: Tx, farmId: number, alert: TWeatherAlert): Promise<boolean> {
  const [row] = await db
    .select({ id: weatherAlerts.id })
    .from(weatherAlerts)
    .where(
      and(
        eq(weatherAlerts.farmId, farmId),
        eq(weatherAlerts.kind, alert.kind),
        eq(weatherAlerts.planId, alert.planId ?? 0),
        eq(weatherAlerts.lotId, alert.lotId ?? 0),
        eq(weatherAlerts.day, alert.day),
      ),
    )
    .limit(1);
  return row !== undefined;
}
