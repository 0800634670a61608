// Farm alerts through the real server: readings posted to a farm raise frost and late-blight notifications for its
// members, in their languages, once per day, and never for old readings or for people outside the farm.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../contract/constants';
import type { TNotification } from '../../../contract/notifications';
import { createFarm, userWithRole } from '../../test/factories';
import { call, createTestApp, registerUser, type Session, type TestApp } from '../../test/harness';
import { farmAlerts } from '../farms.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Reading = { timestamp: string; type: string; value: number };

/** An owner (English), a member (French) of a farm growing `crop`, and someone outside it. */
async function farmWithPeople(crop: string) {
  const owner = await userWithRole(t.app, t.ctx, 'farmer');
  const farm = await createFarm(t.app, owner, { name: `Farm ${crop}`, crop });
  const member = await registerUser(t.app, { language: 'fr' });
  const added = await call(t.app, owner.cookie, {
    method: 'POST',
    url: `/api/farms/${farm.id}/members`,
    payload: { userId: member.user.id, role: 'viewer' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const outsider = await registerUser(t.app);
  return { owner, farm, member, outsider };
}

async function postReadings(who: Session, farmId: number, readings: Reading[]): Promise<void> {
  const res = await call(t.app, who.cookie, {
    method: 'POST',
    url: `/api/farms/${farmId}/sensor-data`,
    payload: { readings },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function alertsOf(who: Session): Promise<TNotification[]> {
  const res = await call(t.app, who.cookie, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TNotification[]>().filter((n) => n.type === 'farm_alert');
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A whole UTC day of hourly readings: minimum `tmin` at 05:00, RH 95 % for the first `humidHours` hours, else 70 %. */
function hourlyDay(dayStart: number, tmin: number, humidHours: number): Reading[] {
  const readings: Reading[] = [];
  for (let h = 0; h < 24; h++) {
    const timestamp = new Date(dayStart + h * HOUR_MS).toISOString();
    readings.push({ timestamp, type: 'temperature', value: h === 5 ? tmin : tmin + 5 });
    readings.push({ timestamp, type: 'humidity', value: h < humidHours ? 95 : 70 });
  }
  return readings;
}

const todayStart = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;

describe('farm alerts', () => {
  it('tell the owner and the members of a frost once, each in their language; outsiders hear nothing', async () => {
    const { owner, farm, member, outsider } = await farmWithPeople('maize');
    const at = Date.now() - HOUR_MS;
    const frost = [{ timestamp: new Date(at).toISOString(), type: 'temperature', value: -2.5 }];
    await postReadings(owner, farm.id, frost);

    const [toOwner, ...moreForOwner] = await alertsOf(owner);
    expect(moreForOwner).toEqual([]);
    expect(toOwner).toMatchObject({
      text: `${farm.name}: frost recorded, check your crop for damage.`,
      link: `/farms?farm=${farm.id}`,
      data: { farm: farm.name, alertKey: 'notifications.alerts.frost', day: isoDay(at), minTemp: -2.5 },
      readAt: null,
    });
    expect((await alertsOf(member)).map((n) => n.text)).toEqual([
      `${farm.name} : gelée relevée, vérifiez l'état de votre culture.`,
    ]);
    expect(await alertsOf(outsider)).toEqual([]);

    // The same readings again, and a colder one the same day: the day has had its alert.
    await postReadings(owner, farm.id, frost);
    await postReadings(owner, farm.id, [
      { timestamp: new Date(at + 60_000).toISOString(), type: 'temperature', value: -4 },
    ]);
    expect(await alertsOf(owner)).toHaveLength(1);
    expect(await alertsOf(member)).toHaveLength(1);
  });

  it('raise nothing for readings from a month ago (a backfilled CSV), frost or blight weather alike', async () => {
    const { owner, farm, member } = await farmWithPeople('potato');
    const monthAgo = todayStart() - 30 * DAY_MS;
    const csv = ['timestamp,type,value', `${new Date(monthAgo + 3 * HOUR_MS).toISOString()},temperature,-3`];
    const res = await call(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/farms/${farm.id}/sensor-data.csv`,
      headers: { 'content-type': 'text/csv' },
      payload: csv.join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    await postReadings(owner, farm.id, [
      ...hourlyDay(monthAgo - 2 * DAY_MS, 12, 12),
      ...hourlyDay(monthAgo - DAY_MS, 12, 12),
    ]);
    expect(await alertsOf(owner)).toEqual([]);
    expect(await alertsOf(member)).toEqual([]);
    expect(await t.ctx.db.select().from(farmAlerts).where(eq(farmAlerts.farmId, farm.id))).toEqual([]);
  });

  it('warn of late blight when two warm humid days form a Hutton period on a potato farm', async () => {
    const { owner, farm, member, outsider } = await farmWithPeople('potato');
    // Yesterday lies wholly within the last two days; the day before it is the period's first day.
    const yesterday = todayStart() - DAY_MS;
    const readings = [...hourlyDay(yesterday - DAY_MS, 10.5, 7), ...hourlyDay(yesterday, 11, 6)];
    await postReadings(owner, farm.id, readings);

    const [toOwner, ...others] = await alertsOf(owner);
    expect(others).toEqual([]);
    expect(toOwner).toMatchObject({
      text: `${farm.name}: late-blight risk high, protect your crop within 48 h.`,
      link: `/farms?farm=${farm.id}`,
      data: {
        alertKey: 'notifications.alerts.late_blight',
        day: isoDay(yesterday),
        period: 'hutton',
        humidHours: 6,
        minTemp: 11,
      },
    });
    expect((await alertsOf(member)).map((n) => n.text)).toEqual([
      `${farm.name} : risque de mildiou élevé, protégez votre culture dans les 48 h.`,
    ]);
    expect(await alertsOf(outsider)).toEqual([]);
    const stored = await t.ctx.db
      .select({ kind: farmAlerts.kind, day: farmAlerts.day })
      .from(farmAlerts)
      .where(eq(farmAlerts.farmId, farm.id));
    expect(stored).toEqual([{ kind: 'late_blight', day: isoDay(yesterday) }]);

    await postReadings(owner, farm.id, readings);
    expect(await alertsOf(owner)).toHaveLength(1);
  });

  it('raise no late-blight alert for a crop blight does not attack', async () => {
    const { owner, farm } = await farmWithPeople('maize');
    const yesterday = todayStart() - DAY_MS;
    await postReadings(owner, farm.id, [
      ...hourlyDay(yesterday - DAY_MS, 12, 12),
      ...hourlyDay(yesterday, 12, 12),
    ]);
    expect(await alertsOf(owner)).toEqual([]);
  });
});
