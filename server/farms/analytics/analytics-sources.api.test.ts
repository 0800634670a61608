// Tests that GET /api/farms/:id/analytics names every method source by a catalogue key, so a French screen shows
// French method lines, for new results and for results stored with English source texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { translate } from '../../http/i18n';
import { createFarm, userWithRole } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { syntheticReadings } from '../agronomy/synthetic-weather';
import { insertAnalytics } from './analytics.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** Words of the English method lines that must not reach a French screen. */
const ENGLISH =
  /\b(chapter|rules|missing data|Table|daily balance|effective rain|eq\.|criteria|sightings|surveys)\b/;

type Message = { key: string; params: Record<string, string | number> };
type Method = { key: string; source: Message };

/** The French method lines of a result; a crop-table row quoted in one (as published) is left out. */
function frenchMethodLines(data: { method: Method; methods: Method[] }): string[] {
  return [data.method, ...data.methods].map((m) => {
    expect(m.source.key).toMatch(/^source\./);
    const params = 'citation' in m.source.params ? { ...m.source.params, citation: '' } : m.source.params;
    const french = translate('fr', `agronomy.${m.source.key}`, params);
    expect(french, m.source.key).not.toBe(`agronomy.${m.source.key}`);
    return french;
  });
}

describe('analytics method sources', () => {
  it('are catalogue keys with French texts for every analysis, references kept exact', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner, { plantingDate: isoDay(today - 50 * DAY_MS) });
    const readings = syntheticReadings({ start: isoDay(today - 21 * DAY_MS), days: 20 }).map((r) => ({
      timestamp: r.timestamp.toISOString(),
      type: r.type,
      value: r.value,
    }));
    const url = `/api/farms/${farm.id}`;
    expect(
      (await call(t.app, owner.cookie, { method: 'POST', url: `${url}/sensor-data`, payload: { readings } }))
        .statusCode,
    ).toBe(201);
    for (const type of ['resource_optimization', 'yield_prediction', 'pest_risk']) {
      const res = await call(t.app, owner.cookie, {
        method: 'POST',
        url: `${url}/analytics/generate`,
        payload: { type },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await call(t.app, owner.cookie, { method: 'GET', url: `${url}/analytics` });
    const items: { type: string; data: { method: Method; methods: Method[] } }[] = res.json().analytics;
    expect(items).toHaveLength(3);
    const main = new Map(items.map((item) => [item.type, frenchMethodLines(item.data)[0]]));
    expect(main.get('yield_prediction')).toBe(
      'FAO-56 éq. 90 (FAO-33), tableau 24 ; bilan hydrique journalier éq. 85',
    );
    expect(main.get('resource_optimization')).toBe(
      'FAO-56 éq. 6, règles du chapitre 3 pour les données manquantes',
    );
    for (const item of items) {
      for (const line of frenchMethodLines(item.data)) {
        expect(line).not.toMatch(ENGLISH);
      }
    }
  });

  it('reads a result stored with English source texts as catalogue keys', async () => {
    const owner = await userWithRole(t.app, t.ctx, 'farmer');
    const farm = await createFarm(t.app, owner);
    const method = {
      key: 'method.fao33_yield_response',
      source: 'FAO-56 eq. 90 (FAO-33), Table 24; daily balance eq. 85',
    };
    await insertAnalytics(t.ctx.db, {
      farmId: farm.id,
      type: 'yield_prediction',
      data: { method, methods: [method], missing: [], recommendations: [] },
      createdBy: owner.user.id,
    });
    const res = await call(t.app, owner.cookie, { method: 'GET', url: `/api/farms/${farm.id}/analytics` });
    const [item] = res.json().analytics;
    expect(item.data.method.source).toEqual({ key: 'source.fao33_yield_response', params: {} });
    expect(frenchMethodLines(item.data)).toEqual([
      'FAO-56 éq. 90 (FAO-33), tableau 24 ; bilan hydrique journalier éq. 85',
      'FAO-56 éq. 90 (FAO-33), tableau 24 ; bilan hydrique journalier éq. 85',
    ]);
  });
});
