// Downsampled readings as chart series: one value per bucket of a fixed grid, per type (pure; the database averages).
import type { SensorType } from '../../contract/crops';
import type { TSensorSeries } from '../../contract/farm-data';

/** The grid's origin: the database bins readings on it (date_bin in sensors.repo), so both agree on bucket starts. */
export const BUCKET_ORIGIN_MS = Date.parse('2000-01-01T00:00:00Z');

export interface BucketValue {
  /** The start of the bucket. */
  ts: Date;
  type: SensorType;
  value: number;
}

/** The start of the bucket that holds `time`. */
export function bucketStart(time: number, bucketSeconds: number): number {
  const size = bucketSeconds * 1000;
  return BUCKET_ORIGIN_MS + Math.floor((time - BUCKET_ORIGIN_MS) / size) * size;
}

/**
 * One series per type with values in [from, to], in the order types first appear: every bucket from the one holding
 * `from` to the one holding `to` (null where the type has none), so a series has ⌊span / bucket⌋ + 1 values at most.
 * Values outside the window or off the grid are the caller's bug and are dropped.
 */
export function toSeries(
  values: readonly BucketValue[],
  window: { from: Date; to: Date; bucketSeconds: number },
): TSensorSeries[] {
  const size = window.bucketSeconds * 1000;
  const first = bucketStart(window.from.getTime(), window.bucketSeconds);
  const length = Math.floor((bucketStart(window.to.getTime(), window.bucketSeconds) - first) / size) + 1;
  const byType = new Map<SensorType, (number | null)[]>();
  for (const v of values) {
    const index = (v.ts.getTime() - first) / size;
    if (!Number.isInteger(index) || index < 0 || index >= length) {
      continue;
    }
    let series = byType.get(v.type);
    if (!series) {
      series = new Array<number | null>(length).fill(null);
      byType.set(v.type, series);
    }
    series[index] = v.value;
  }
  const from = new Date(first).toISOString();
  return [...byType].map(([type, series]) => ({ type, from, values: series }));
}
