// Field surveys through the real server: recording one (checked), who may, and the list page by page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { farmDataKit, isoDay, today } from '../../test/farm-data';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { farmWithOwner, member, post } = farmDataKit(() => t);

describe('surveys', () => {
  it('records surveys with pests and irrigation, and checks them', async () => {
    const { owner, farm } = await farmWithOwner();
    const url = `/api/farms/${farm.id}/surveys`;
    const ok = await post(owner.cookie, url, {
      date: isoDay(today - DAY_MS),
      growthStage: 'V8',
      pests: [{ name: 'fall armyworm', severity: 2 }],
      irrigationMm: 12.5,
      notes: 'Leaves chewed on the east side',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ farmId: farm.id, irrigationMm: 12.5, pests: [{ severity: 2 }] });
    const bad = await post(owner.cookie, url, {
      date: isoDay(today),
      pests: [{ name: 'aphids', severity: 4 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('pests.0.severity');
    const viewer = await member(farm.id, owner, 'viewer');
    expect((await post(viewer.cookie, url, { date: isoDay(today) })).statusCode).toBe(403);
    const list = await call(t.app, viewer.cookie, { method: 'GET', url: `${url}?limit=1` });
    expect(list.json()).toHaveLength(1);
    expect(list.headers['x-next-cursor']).toBeUndefined();
  });
});
