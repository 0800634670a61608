import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZSensorPoint } from '../../../contract/farm-data';
import { chartPoints } from '../../../contract/sensor-series';
import { BUCKET_ORIGIN_MS, bucketStart, toPoints } from './sensor-series';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('bucketStart', () => {
  it('floors a time to the grid the database bins on', () => {
    expect(bucketStart(Date.parse('2026-05-01T04:59:59Z'), 10_800)).toBe(Date.parse('2026-05-01T03:00:00Z'));
    expect(bucketStart(Date.parse('2026-05-01T00:00:00Z'), 86_400)).toBe(Date.parse('2026-05-01T00:00:00Z'));
    expect(bucketStart(BUCKET_ORIGIN_MS - 1, 3_600)).toBe(BUCKET_ORIGIN_MS - HOUR);
  });
});

describe('toPoints', () => {
  const window = { from: at('2026-05-01T01:30:00Z'), to: at('2026-05-01T10:00:00Z'), bucketSeconds: 10_800 };

  it('makes the spec’s sensor data: a {timestamp, value, type} per bucket with a value, oldest first', () => {
    const points = toPoints(
      [
        { ts: at('2026-05-01T00:00:00Z'), type: 'rainfall', value: 1.5 },
        { ts: at('2026-05-01T03:00:00Z'), type: 'rainfall', value: 4.2 },
        { ts: at('2026-05-01T00:00:00Z'), type: 'temperature', value: 18.5 },
        { ts: at('2026-05-01T06:00:00Z'), type: 'temperature', value: 24 },
        { ts: at('2026-05-01T09:00:00Z'), type: 'temperature', value: 22.25 },
      ],
      window,
    );
    expect(points).toEqual([
      { timestamp: '2026-05-01T00:00:00.000Z', value: 1.5, type: 'rainfall' },
      { timestamp: '2026-05-01T00:00:00.000Z', value: 18.5, type: 'temperature' },
      { timestamp: '2026-05-01T03:00:00.000Z', value: 4.2, type: 'rainfall' },
      { timestamp: '2026-05-01T06:00:00.000Z', value: 24, type: 'temperature' },
      { timestamp: '2026-05-01T09:00:00.000Z', value: 22.25, type: 'temperature' },
    ]);
    expect(z.array(ZSensorPoint).safeParse(points).success).toBe(true);
    // The values are the database's, untouched: a sum over the points is the sum of the buckets.
    expect(points.filter((p) => p.type === 'rainfall').reduce((sum, p) => sum + p.value, 0)).toBe(5.7);
  });

  it('leaves out values off the grid or outside the window', () => {
    expect(
      toPoints(
        [
          { ts: at('2026-05-01T01:00:00Z'), type: 'humidity', value: 80 },
          { ts: at('2026-04-30T21:00:00Z'), type: 'humidity', value: 70 },
          { ts: at('2026-05-01T12:00:00Z'), type: 'humidity', value: 60 },
        ],
        window,
      ),
    ).toEqual([]);
  });

  it('gives a chart the points of one type with their times', () => {
    const points = toPoints(
      [
        { ts: at('2026-05-01T06:00:00Z'), type: 'temperature', value: 24 },
        { ts: at('2026-05-01T06:00:00Z'), type: 'humidity', value: 70 },
      ],
      window,
    );
    expect(chartPoints(points, 'temperature')).toEqual([
      { time: Date.parse('2026-05-01T06:00:00Z'), value: 24 },
    ]);
  });
});
