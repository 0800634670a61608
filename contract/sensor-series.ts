// A sensor series turned into a chart's points, without zod (the web's farm screen draws it at first render).
import type { TSensorSeries } from './farm-data';

/** A series' points with their times (ms since the epoch), gaps left out: what a chart draws. */
export function seriesPoints(
  series: TSensorSeries,
  bucketSeconds: number,
): { time: number; value: number }[] {
  const start = Date.parse(series.from);
  const points: { time: number; value: number }[] = [];
  series.values.forEach((value, i) => {
    if (value !== null) {
      points.push({ time: start + i * bucketSeconds * 1000, value });
    }
  });
  return points;
}
