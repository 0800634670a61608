// Sensor readings: ingestion rules (all or nothing, duplicates collapse to the last value, CSV rows checked one by
// one) and the CSV download.
import type { core } from 'zod';
import { DAY_MS } from '../../../contract/constants';
import {
  MAX_CSV_ISSUES,
  MAX_CSV_ROWS,
  type TSensorReadingInput,
  ZSensorReadingInput,
} from '../../../contract/farm-data';

import type { AppContext } from '../../context';
import { RequestValidationError } from '../../http/errors';
import { awardAchievement } from '../../users';
import type { FarmRow } from '../farm-access-cache';
import { farmAudience } from '../farm-audience';
import { farmPagesCache } from '../farm-pages-cache';
import { raiseFarmAlerts } from './farm-alerts';
import { type ReadingRow, readingSpan, readingsAfter, upsertReadings } from './sensors.repo';

/** Readings spanning this long earn the owner the "month of sensor data" achievement. */
const SENSOR_MONTH_MS = 30 * DAY_MS;

/** What an upload stored: the readings kept, and the first and last instant among them (null when none). */
export interface IngestResult {
  accepted: number;
  from: Date | null;
  to: Date | null;
}

/**
 * Stores readings in one transaction, publishes `sensor_data`, awards the sensor month when earned and raises the
 * farm alerts (frost, late blight) the recent days now show.
 */
export async function ingestReadings(
  ctx: AppContext,
  options: {
    farm: Pick<FarmRow, 'id' | 'ownerId' | 'name' | 'crop'>;
    readings: readonly TSensorReadingInput[];
  },
): Promise<IngestResult> {
  const { farm, readings } = options;
  const unique = new Map<string, ReadingRow>();
  for (const r of readings) {
    const ts = new Date(r.timestamp);
    unique.set(`${r.type}|${ts.getTime()}`, { ts, type: r.type, value: r.value });
  }
  const rows = [...unique.values()].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  await ctx.db.transaction(async (tx) => {
    await upsertReadings(tx, farm.id, rows);
    const span = await readingSpan(tx, farm.id);
    if (span && span.last.getTime() - span.first.getTime() >= SENSOR_MONTH_MS) {
      await awardAchievement(tx, ctx, farm.ownerId, 'sensor_month');
    }
    // In the same transaction: an alert is stored and told exactly when the readings that raised it are.
    await raiseFarmAlerts(tx, ctx, { farm, times: rows.map((r) => r.ts) });
    await ctx.bus.publish(tx, { type: 'sensor_data', id: farm.id }, farmAudience(farm.id));
  });
  farmPagesCache.of(ctx).drop(farm.id);
  return { accepted: rows.length, from: rows[0]?.ts ?? null, to: rows[rows.length - 1]?.ts ?? null };
}

type Issue = core.$ZodIssue & { input?: unknown };

const HEADER = /^\s*"?timestamp"?\s*[,;]\s*"?type"?\s*[,;]\s*"?value"?\s*$/i;

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"')
    : trimmed;
}

function csvValue(text: string, delimiter: string): number | string {
  // With ';' between cells a ',' is the decimal separator (French spreadsheets).
  const cleaned = delimiter === ';' ? text.replace(',', '.') : text;
  return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(cleaned) ? Number(cleaned) : text;
}

/**
 * Parses `timestamp,type,value` CSV (header optional; `;` also accepted). Every row is checked like a JSON
 * reading; problems are reported as `line.<n>.<field>` (n counts the file's lines from 1), at most 100 of them.
 */
export function parseSensorCsv(text: string): TSensorReadingInput[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const readings: TSensorReadingInput[] = [];
  const issues: Issue[] = [];
  let rows = 0;
  let delimiter = ',';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      continue;
    }
    if (rows === 0 && readings.length === 0 && issues.length === 0 && HEADER.test(line)) {
      delimiter = line.includes(';') ? ';' : ',';
      continue;
    }
    rows++;
    if (rows === 1 && !line.includes(',') && line.includes(';')) {
      delimiter = ';';
    }
    const lineNo = i + 1;
    if (rows > MAX_CSV_ROWS) {
      issues.push({
        code: 'custom',
        path: ['line', lineNo],
        message: 'farms.validation.csvTooManyRows',
        input: undefined,
      });
      break;
    }
    const cells = line.split(delimiter);
    if (cells.length !== 3) {
      issues.push({
        code: 'custom',
        path: ['line', lineNo],
        message: 'farms.validation.csvColumns',
        input: line,
      });
    } else {
      const [timestamp = '', type = '', value = ''] = cells.map(unquote);
      const parsed = ZSensorReadingInput.safeParse(
        { timestamp, type, value: csvValue(value, delimiter) },
        { reportInput: true },
      );
      if (parsed.success) {
        readings.push(parsed.data);
      } else {
        for (const issue of parsed.error.issues) {
          issues.push({ ...issue, path: ['line', lineNo, ...issue.path] } as Issue);
        }
      }
    }
    if (issues.length >= MAX_CSV_ISSUES) {
      break;
    }
  }
  if (issues.length > 0) {
    throw new RequestValidationError(issues, 'body');
  }
  if (readings.length === 0) {
    throw new RequestValidationError(
      [{ code: 'custom', path: [], message: 'farms.validation.csvEmpty', input: text.slice(0, 40) }],
      'body',
    );
  }
  return readings;
}

/** Readings per query and per chunk of text: a year of hourly data for four types is four chunks. */
const CSV_CHUNK_ROWS = 10_000;

/**
 * Every reading of a farm as CSV (the columns the upload takes, so a download uploads back as it is): the text
 * chunk by chunk, one query per chunk (by type, then time), so neither the rows nor the text of a
 * year of readings is held at once. Not one snapshot: a reading stored during the download may be in it or not.
 */
export async function* sensorCsvChunks(ctx: AppContext, farmId: number): AsyncGenerator<string> {
  yield 'timestamp,type,value\n';
  let after: Parameters<typeof readingsAfter>[2] = null;
  for (;;) {
    const rows = await readingsAfter(ctx.db, farmId, after, CSV_CHUNK_ROWS);
    const last = rows[rows.length - 1];
    if (!last) {
      return;
    }
    yield rows.map((r) => `${r.ts.toISOString()},${r.type},${r.value}\n`).join('');
    if (rows.length < CSV_CHUNK_ROWS) {
      return;
    }
    after = { type: last.type, ts: last.ts };
  }
}
