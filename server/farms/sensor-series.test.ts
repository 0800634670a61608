import { describe, expect, it } from 'vitest';
import { seriesPoints } from '../../contract/sensor-series';
import { BUCKET_ORIGIN_MS, bucketStart, toSeries } from './sensor-series';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('bucketStart', () => {
  it('floors a time to the grid the database bins on', () => {
    expect(bucketStart(Date.parse('2026-05-01T04:59:59Z'), 10_800)).toBe(Date.parse('2026-05-01T03:00:00Z'));
    expect(bucketStart(Date.parse('2026-05-01T00:00:00Z'), 86_400)).toBe(Date.parse('2026-05-01T00:00:00Z'));
    expect(bucketStart(BUCKET_ORIGIN_MS - 1, 3_600)).toBe(BUCKET_ORIGIN_MS - HOUR);
  });
});

describe('toSeries', () => {
  const window = { from: at('2026-05-01T01:30:00Z'), to: at('2026-05-01T10:00:00Z'), bucketSeconds: 10_800 };

  it('puts each bucket value at its index, null where a type has none, one series per type', () => {
    const series = toSeries(
      [
        { ts: at('2026-05-01T00:00:00Z'), type: 'temperature', value: 18.5 },
        { ts: at('2026-05-01T06:00:00Z'), type: 'temperature', value: 24 },
        { ts: at('2026-05-01T09:00:00Z'), type: 'temperature', value: 22.25 },
        { ts: at('2026-05-01T03:00:00Z'), type: 'rainfall', value: 4.2 },
      ],
      window,
    );
    expect(series).toEqual([
      { type: 'temperature', from: '2026-05-01T00:00:00.000Z', values: [18.5, null, 24, 22.25] },
      { type: 'rainfall', from: '2026-05-01T00:00:00.000Z', values: [null, 4.2, null, null] },
    ]);
    // The values are the database's, untouched: a sum over the series is the sum of the buckets.
    expect(series[1]?.values.reduce<number>((sum, v) => sum + (v ?? 0), 0)).toBe(4.2);
  });

  it('leaves out values off the grid or outside the window, and types without values', () => {
    expect(
      toSeries(
        [
          { ts: at('2026-05-01T01:00:00Z'), type: 'humidity', value: 80 },
          { ts: at('2026-04-30T21:00:00Z'), type: 'humidity', value: 70 },
          { ts: at('2026-05-01T12:00:00Z'), type: 'humidity', value: 60 },
        ],
        window,
      ),
    ).toEqual([]);
  });

  it('gives back the points with their times, gaps left out', () => {
    const [series] = toSeries([{ ts: at('2026-05-01T06:00:00Z'), type: 'temperature', value: 24 }], window);
    expect(series && seriesPoints(series, window.bucketSeconds)).toEqual([
      { time: Date.parse('2026-05-01T06:00:00Z'), value: 24 },
    ]);
  });
});
