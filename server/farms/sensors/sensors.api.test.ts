// Sensor readings through the real server: JSON and CSV uploads (all or nothing, each bad reading named), who may
// post them, and the achievement a month of data earns.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { userWithRole } from '../../test/factories';
import { farmDataKit, sensorPoints, today, weather } from '../../test/farm-data';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { userAchievements } from '../../users/users.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { farmWithOwner, member, post, analytics } = farmDataKit(() => t);

describe('sensor data', () => {
  it('stores readings all or nothing and names the bad reading and field', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const readings = weather(2);
    const bad = [
      ...readings.slice(0, 5),
      { timestamp: readings[0]?.timestamp, type: 'humidity', value: 130 },
    ];
    const refused = await post(owner.cookie, url, { readings: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('readings.5.value');
    expect(refused.json().message).toContain('between 0 and 100');
    expect((await analytics(owner.cookie, farm.id)).sensorData).toEqual([]);

    const unknownType = await post(owner.cookie, url, {
      readings: [{ timestamp: '2026-01-01T00:00:00Z', type: 'pressure', value: 1 }],
    });
    expect(unknownType.json().issues[0].path).toBe('readings.0.type');
    const noZone = await post(owner.cookie, url, {
      readings: [{ timestamp: '2026-01-01 10:00', type: 'temperature', value: 20 }],
    });
    expect(noZone.json().issues[0].path).toBe('readings.0.timestamp');

    const ok = await post(owner.cookie, url, { readings });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ accepted: readings.length, from: readings[0]?.timestamp });
    // The same reading again replaces the value instead of adding a row.
    const again = await post(owner.cookie, url, { readings: readings.slice(0, 3) });
    expect(again.json().accepted).toBe(3);
    const from = readings[0]?.timestamp.slice(0, 10);
    const data = await analytics(owner.cookie, farm.id, `?type=temperature&from=${from}`);
    const temperature = sensorPoints(data);
    expect(temperature.length).toBe(readings.filter((r) => r.type === 'temperature').length);
    expect(temperature[0]?.value).toBe(readings.find((r) => r.type === 'temperature')?.value);
  });

  it('refuses more than 10,000 readings in one request and accepts bodies above 1 MB', async () => {
    const { owner, farm } = await farmWithOwner();
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      timestamp: new Date(today - (i + 1) * 60_000).toISOString(),
      type: 'temperature',
      value: 20,
    }));
    const res = await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, { readings: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('readings');
    const padded = { readings: many.slice(0, 10_000), note: ' '.repeat(1_200_000) };
    const big = await post(owner.cookie, `/api/farms/${farm.id}/sensor-data`, padded);
    expect(big.statusCode).toBe(201);
  });

  it('keeps readings to members: 404 for others, 403 for viewers, workers may write', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const payload = { readings: weather(1) };
    const stranger = await userWithRole(t.app, t.ctx, 'manager');
    expect((await post(stranger.cookie, url, payload)).statusCode).toBe(404);
    expect(
      (await call(t.app, stranger.cookie, { method: 'GET', url: `/api/farms/${farm.id}/analytics` }))
        .statusCode,
    ).toBe(404);
    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, url, payload)).statusCode).toBe(403);
    expect((await analytics(viewer.cookie, farm.id)).farm.myRole).toBe('viewer');
    const worker = await member(farm.id, owner, 'worker');
    expect((await post(worker.cookie, url, payload)).statusCode).toBe(201);
    expect((await post(null, url, payload)).statusCode).toBe(401);
  });

  it('takes CSV uploads and reports every bad row with its line', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data.csv`;
    const csv = (body: string) =>
      call(t.app, owner.cookie, { method: 'POST', url, headers: { 'content-type': 'text/csv' }, body });
    const t0 = today - 2 * DAY_MS;
    const at = (h: number) => new Date(t0 + h * 3_600_000).toISOString();
    const bad = await csv(
      `timestamp,type,value\n${at(0)},temperature,21.5\n${at(1)},humidity,140\nyesterday,temperature,20\n${at(2)},rainfall\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'line.3.value',
      'line.4.timestamp',
      'line.5',
    ]);
    expect((await analytics(owner.cookie, farm.id)).latestReadingAt).toBeNull();

    const ok = await csv(`timestamp;type;value\n${at(0)};temperature;21,5\n${at(1)};humidity;80\n`);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().accepted).toBe(2);
    const data = await analytics(owner.cookie, farm.id, '?type=temperature');
    expect(sensorPoints(data)).toEqual([{ timestamp: at(0), type: 'temperature', value: 21.5 }]);

    // More than 1 MB and more than 10,000 rows: CSV allows both (up to 5 MB).
    const rows = Array.from({ length: 30_000 }, (_, i) => `${at(-i - 1)},temperature,${(i % 20) + 10}`);
    const large = await csv(rows.join('\n'));
    expect(large.statusCode).toBe(201);
    expect(large.json().accepted).toBe(30_000);

    const json = await call(t.app, owner.cookie, { method: 'POST', url, payload: { readings: [] } });
    expect(json.statusCode).toBe(415);
    const plain = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sensor-data`,
      headers: { 'content-type': 'text/csv' },
      body: 'a,b,c',
    });
    expect(plain.statusCode).toBe(400);
  }, 60_000);

  it('awards the sensor month to the owner once readings span 30 days', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/sensor-data`;
    const at = (days: number) => new Date(today - days * DAY_MS).toISOString();
    const reading = (days: number) => ({ timestamp: at(days), type: 'temperature', value: 20 });
    await post(owner.cookie, url, { readings: [reading(40), reading(20)] });
    const codes = async () =>
      (
        await t.ctx.db
          .select({ code: userAchievements.code })
          .from(userAchievements)
          .where(eq(userAchievements.userId, owner.user.id))
      ).map((r) => r.code);
    expect(await codes()).not.toContain('sensor_month');
    await post(owner.cookie, url, { readings: [reading(5)] });
    expect(await codes()).toContain('sensor_month');
  });
});
