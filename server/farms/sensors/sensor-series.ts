// Downsampled readings as the spec's sensor data: a point per bucket of a fixed grid and type (pure; the database
// averages).
import type { SensorType } from '../../../contract/crops';
import type { TSensorPoint } from '../../../contract/farm-data';

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
 * The downsampled readings in [from, to] as the spec's sensor data: one `{timestamp, value, type}` per bucket that
 * has a value (its start, the database's mean or rainfall total), oldest first, types in the order given at one
 * time. Values outside the window or off the grid are the caller's bug and are dropped.
 */
export function toPoints(
  values: readonly BucketValue[],
  window: { from: Date; to: Date; bucketSeconds: number },
): TSensorPoint[] {
  const size = window.bucketSeconds * 1000;
  const first = bucketStart(window.from.getTime(), window.bucketSeconds);
  const last = bucketStart(window.to.getTime(), window.bucketSeconds);
  return values
    .filter((v) => {
      const time = v.ts.getTime();
      return time >= first && time <= last && (time - first) % size === 0;
    })
    .sort((a, b) => a.ts.getTime() - b.ts.getTime())
    .map((v) => ({ timestamp: v.ts.toISOString(), value: v.value, type: v.type }));
}
