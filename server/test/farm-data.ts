// Helpers of the API tests of a farm's data (sensors, devices, surveys, analytics): a farm with its owner, members,
// synthetic weather readings, posts and the analytics overview.
import { expect } from 'vitest';
import { DAY_MS } from '../../contract/constants';
import type { TFarmAnalytics } from '../../contract/farm-data';
import { syntheticReadings } from '../farms/agronomy/synthetic-weather';
import { createFarm, userWithRole } from './factories';
import { call, type Session, type TestApp } from './harness';

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The start of today (UTC). */
export const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

/** Synthetic hourly weather readings of `days` days ending `endDaysAgo` days before today, as the API takes them. */
export function weather(days: number, endDaysAgo = 1) {
  return syntheticReadings({ start: isoDay(today - (days + endDaysAgo) * DAY_MS), days }).map((r) => ({
    timestamp: r.timestamp.toISOString(),
    type: r.type,
    value: r.value,
  }));
}

/** The sensor data of an analytics answer (the spec's points), of one type or all, oldest first per type. */
export function sensorPoints(data: TFarmAnalytics, type?: string) {
  return data.sensorData.filter((point) => type === undefined || point.type === type);
}

/** How many points each type has. */
export function pointsPerType(data: TFarmAnalytics): number[] {
  const counts = new Map<string, number>();
  for (const point of data.sensorData) {
    counts.set(point.type, (counts.get(point.type) ?? 0) + 1);
  }
  return [...counts.values()];
}

/** The helpers that call the app of a test file (read when called: the app is made in the file's beforeAll). */
export function farmDataKit(app: () => TestApp) {
  async function farmWithOwner(overrides: Record<string, unknown> = {}) {
    const t = app();
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner, { plantingDate: isoDay(today - 50 * DAY_MS), ...overrides });
    return { owner, farm };
  }

  async function member(farmId: number, owner: Session, role: 'viewer' | 'worker' | 'manager') {
    const t = app();
    const user = await userWithRole(t.app, t.ctx, 'farmer');
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farmId}/members`,
      payload: { userId: user.user.id, role },
    });
    expect(res.statusCode).toBe(201);
    return user;
  }

  const post = (cookie: string | null, url: string, payload: unknown) =>
    call(app().app, cookie, { method: 'POST', url, payload: payload as Record<string, unknown> });

  async function analytics(cookie: string, farmId: number, query = ''): Promise<TFarmAnalytics> {
    const res = await call(app().app, cookie, {
      method: 'GET',
      url: `/api/farms/${farmId}/analytics${query}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  return { farmWithOwner, member, post, analytics };
}
