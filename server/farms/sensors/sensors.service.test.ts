import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../http/errors';
import { analysisFrom } from '../analytics/analytics.service';
import { bucketSeconds } from './sensors.repo';
import { parseSensorCsv } from './sensors.service';

function issuesOf(text: string) {
  try {
    parseSensorCsv(text);
  } catch (error) {
    if (error instanceof RequestValidationError) {
      return error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    }
    throw error;
  }
  return [];
}

describe('parseSensorCsv', () => {
  it('reads rows with or without a header, quotes, CRLF and a BOM', () => {
    const rows = parseSensorCsv(
      '\uFEFFtimestamp,type,value\r\n2026-05-01T10:00:00Z,temperature,21.5\r\n"2026-05-01T11:00:00Z","humidity","80"\r\n\r\n',
    );
    expect(rows).toEqual([
      { timestamp: '2026-05-01T10:00:00Z', type: 'temperature', value: 21.5 },
      { timestamp: '2026-05-01T11:00:00Z', type: 'humidity', value: 80 },
    ]);
    expect(parseSensorCsv('2026-05-01T10:00:00+01:00,rainfall,0')).toHaveLength(1);
  });

  it("reads ';' files with decimal commas", () => {
    expect(parseSensorCsv('timestamp;type;value\n2026-05-01T10:00:00Z;temperature;21,5')[0]?.value).toBe(
      21.5,
    );
  });

  it('reports each bad row by its line in the file and field', () => {
    expect(
      issuesOf(
        'timestamp,type,value\n2026-05-01T10:00:00Z,humidity,101\n2026-05-01T10:00:00Z,pressure,1\nx,temperature,abc\nonly,two',
      ),
    ).toEqual([
      'line.2.value farms.validation.range.humidity',
      expect.stringMatching(/^line\.3\.type /),
      'line.4.timestamp farms.validation.timestamp',
      expect.stringMatching(/^line\.4\.value /),
      'line.5 farms.validation.csvColumns',
    ]);
  });

  it('refuses an empty file and stops listing after 100 problems', () => {
    expect(issuesOf('timestamp,type,value\n')).toEqual([' farms.validation.csvEmpty']);
    const bad = Array.from({ length: 500 }, () => '2026-05-01T10:00:00Z,humidity,200').join('\n');
    expect(issuesOf(bad)).toHaveLength(100);
  });
});

describe('bucketSeconds', () => {
  it('keeps a series within its point budget with a readable bucket', () => {
    const to = new Date('2026-05-31T00:00:00Z');
    const day = 86_400_000;
    expect(bucketSeconds(new Date(to.getTime() - 30 * day), to, 500)).toBe(7200);
    expect(bucketSeconds(new Date(to.getTime() - 2 * day), to, 500)).toBe(600);
    expect(bucketSeconds(new Date(to.getTime() - 365 * day), to, 500)).toBe(86_400);
    const years = bucketSeconds(new Date(to.getTime() - 5000 * day), to, 500);
    expect((5000 * 86_400) / years).toBeLessThanOrEqual(499);
  });
});

describe('analysisFrom', () => {
  const last = new Date('2026-06-30T12:00:00Z');
  it('reads the season since the day before planting', () => {
    expect(analysisFrom('2026-04-01', last).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });
  it('reads at least the week and the day before it, at most a year', () => {
    expect(analysisFrom('2026-06-29', last).toISOString()).toBe('2026-06-21T00:00:00.000Z');
    expect(analysisFrom('2020-01-01', last).toISOString()).toBe('2025-06-29T00:00:00.000Z');
    expect(analysisFrom('not a date', last).toISOString()).toBe('2025-06-29T00:00:00.000Z');
  });
});
