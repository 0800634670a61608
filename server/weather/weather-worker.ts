// Each instance's weather beat: make a cell for every grid position farms round to, claim the cell due soonest
// (the database hands it to one instance), fetch its history and forecast, store them, then tell its farms. A
// provider that is down or refuses leaves the cell to be tried later with growing delays, logged once per failing
// spell; nothing else waits on it.
import { DAY_MS } from '../../contract/constants';
import { WEATHER_HISTORY_MAX_DAYS, WEATHER_HISTORY_MIN_DAYS } from '../../contract/weather';
import type { AppContext } from '../context';
import { openPlansOf } from '../crops';
import { SerialRuns } from '../events/serial-runs';
import { farmAudience } from '../farms';
import { held } from '../module';
import { openMeteo, type ProviderAnswer, type WeatherProvider, WeatherProviderError } from './open-meteo';
import {
  type CellRow,
  cellFailed,
  cellFetched,
  claimDueCell,
  dropHours,
  farmsOfCell,
  storeHours,
  syncCells,
} from './weather.repo';
import { sendFarmAlert } from './weather-notify';

/** The provider's forecast API goes back at most this many days; older days come from its archive. */
const MAX_PAST_DAYS = 92;
/** A claimed cell is another instance's to take again after this (a crashed fetch). */
const LEASE_SECONDS = 120;
/** Cells one beat refreshes at most (the rest wait for the next beat). */
const CELLS_PER_BEAT = 10;
/** The first retry after a failure; each further failure doubles it, up to the refresh period. */
const FIRST_RETRY_SECONDS = 60;
/** The provider's answer when its request limit is reached (HTTP 429). */
const TOO_MANY_REQUESTS = 429;

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** How far back a cell's history must go: its farms' earliest open plan (a year at most, a month at least). */
export function historyNeededFrom(earliestPlanting: string | null, today: string): string {
  const todayMs = Date.parse(today);
  const floor = isoDay(todayMs - WEATHER_HISTORY_MAX_DAYS * DAY_MS);
  const minimum = isoDay(todayMs - WEATHER_HISTORY_MIN_DAYS * DAY_MS);
  const wanted = earliestPlanting !== null && earliestPlanting < minimum ? earliestPlanting : minimum;
  return wanted.localeCompare(floor) < 0 ? floor : wanted;
}

/**
 * What to fetch for a cell today: the forecast's past days, and an archive range for anything older that is needed
 * and not held (days before the history held, and the gap a cell left unfetched longer than the forecast's past days
 * reach back would otherwise keep).
 */
export function fetchPlan(
  cell: Pick<CellRow, 'fetchedAt' | 'historyFrom' | 'source'>,
  neededFrom: string,
  today: string,
  now: Date,
): { pastDays: number; archive: { start: string; end: string } | null; historyFrom: string } {
  const held = cell.source === 'open-meteo' ? cell.historyFrom : null;
  const since = cell.source === 'open-meteo' && cell.fetchedAt ? cell.fetchedAt : null;
  const wanted = since
    ? Math.ceil((now.getTime() - since.getTime()) / DAY_MS) + 1
    : daysBetween(neededFrom, today);
  const pastDays = Math.min(MAX_PAST_DAYS, Math.max(2, wanted));
  const forecastFrom = isoDay(Date.parse(today) - pastDays * DAY_MS);
  const dayBefore = (day: string) => isoDay(Date.parse(day) - DAY_MS);
  // Days before what the forecast brings and before what is held already.
  const olderThan = held !== null && held < forecastFrom ? held : forecastFrom;
  let archive = neededFrom < olderThan ? { start: neededFrom, end: dayBefore(olderThan) } : null;
  if (since && wanted > MAX_PAST_DAYS) {
    // The days since the last fetch the forecast no longer reaches (within the year kept).
    const floor = isoDay(Date.parse(today) - WEATHER_HISTORY_MAX_DAYS * DAY_MS);
    const lastHeld = dayBefore(isoDay(since.getTime()));
    const gapFrom = lastHeld.localeCompare(floor) > 0 ? lastHeld : floor;
    archive = { start: neededFrom < gapFrom ? neededFrom : gapFrom, end: dayBefore(forecastFrom) };
  }
  const earliest = archive ? archive.start : forecastFrom;
  return { pastDays, archive, historyFrom: held !== null && held < earliest ? held : earliest };
}

/** The delay before retrying after `failures` failures in a row (the provider's Retry-After when longer). */
export function retryDelaySeconds(
  failures: number,
  refreshMinutes: number,
  retryAfter: number | null,
): number {
  const grown = Math.min(refreshMinutes * 60, FIRST_RETRY_SECONDS * 2 ** Math.max(0, failures - 1));
  return Math.max(grown, retryAfter ?? 0);
}

export class WeatherWorker {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    private readonly provider: WeatherProvider | null,
    private readonly log: Logger = console,
  ) {
    this.runs = new SerialRuns('weather run', log);
  }

  start(): void {
    const config = this.ctx.config.weather;
    if (config && this.provider) {
      this.runs.every(config.pollMs, () => this.beat());
      void this.runs.run(() => this.beat());
    }
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** One beat after any under way (tests): answers how many cells were refreshed. */
  runOnce(): Promise<number> {
    return this.runs.run(() => this.beat());
  }

  private async beat(): Promise<number> {
    if (!this.provider) {
      return 0;
    }
    await syncCells(this.ctx.db);
    let refreshed = 0;
    for (let i = 0; i < CELLS_PER_BEAT; i++) {
      const cell = await claimDueCell(this.ctx.db, LEASE_SECONDS);
      if (!cell) {
        break;
      }
      const outcome = await this.refresh(cell, this.provider);
      refreshed += outcome === 'fetched' ? 1 : 0;
      if (outcome === 'limited') {
        // The provider asked us to wait: the other cells would be refused too, and count against us.
        break;
      }
    }
    return refreshed;
  }

  /** Fetches and stores one claimed cell, then tells its farms; answers how it went. */
  private async refresh(cell: CellRow, provider: WeatherProvider): Promise<'fetched' | 'failed' | 'limited'> {
    const { db, config } = this.ctx;
    const refreshMinutes = config.weather?.refreshMinutes ?? 60;
    const now = new Date();
    const today = isoDay(now.getTime());
    const farms = await farmsOfCell(db, cell);
    const plans = await openPlansOf(
      db,
      farms.map((f) => f.id),
      today,
    );
    const plan = fetchPlan(cell, historyNeededFrom(plans[0]?.plantingDate ?? null, today), today, now);
    let answers: ProviderAnswer[];
    try {
      const forecast = await provider.forecast(cell, plan.pastDays);
      const archive = plan.archive
        ? await provider.archive(cell, plan.archive.start, plan.archive.end)
        : null;
      answers = archive ? [archive, forecast] : [forecast];
    } catch (error) {
      await this.failed(cell, farms, error, refreshMinutes);
      return error instanceof WeatherProviderError && error.status === TOO_MANY_REQUESTS
        ? 'limited'
        : 'failed';
    }
    const forecast = answers.at(-1) as ProviderAnswer;
    await db.transaction(async (tx) => {
      if (cell.source !== 'open-meteo') {
        await dropHours(tx, cell.id);
      }
      for (const answer of answers) {
        await storeHours(tx, cell.id, answer.hours);
      }
      await cellFetched(tx, cell.id, {
        utcOffsetSeconds: forecast.utcOffsetSeconds,
        historyFrom: plan.historyFrom,
        refreshMinutes,
        source: 'open-meteo',
      });
      for (const farm of farms) {
        await this.ctx.bus.publish(tx, { type: 'weather', id: farm.id }, farmAudience(farm.id));
      }
    });
    for (const farm of farms) {
      await sendFarmAlert(this.ctx, farm).catch((error: unknown) =>
        this.log.error({ err: error, farmId: farm.id }, 'weather alerts not sent'),
      );
    }
    return 'fetched';
  }

  private async failed(
    cell: CellRow,
    farms: readonly { id: number }[],
    error: unknown,
    refreshMinutes: number,
  ): Promise<void> {
    const status = error instanceof WeatherProviderError ? error.status : null;
    const reason = error instanceof Error ? error.message : String(error);
    const retryAfter = error instanceof WeatherProviderError ? error.retryAfterSeconds : null;
    const failures = await cellFailed(
      this.ctx.db,
      cell.id,
      reason,
      retryDelaySeconds(cell.failures + 1, refreshMinutes, retryAfter),
    );
    if (failures === 1) {
      // Once per failing spell: the next line about this cell is its recovery's silence or the next spell.
      this.log.warn(
        {
          cell: { latitude: cell.latitude, longitude: cell.longitude },
          farms: farms.map((f) => f.id),
          status,
          reason,
        },
        'weather provider unreachable for these farms; retrying with growing delays',
      );
    }
  }
}

/** This instance's weather worker: the configured provider, or none (WEATHER=off). */
export const weatherWorker = held(
  'weather.worker',
  (ctx) => new WeatherWorker(ctx, ctx.config.weather ? openMeteo(ctx.config.weather) : null),
);
