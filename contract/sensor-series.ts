// The spec's sensor data turned into a chart's points, without zod (the web's farm screen draws it at first render).
import type { SensorType } from './crops';
import type { TSensorPoint } from './farm-data';

/** The points of one type with their times (ms since the epoch), oldest first: what a chart draws. */
export function chartPoints(
  points: readonly TSensorPoint[],
  type: SensorType,
): { time: number; value: number }[] {
  return points
    .filter((p) => p.type === type)
    .map((p) => ({ time: Date.parse(p.timestamp), value: p.value }));
}
