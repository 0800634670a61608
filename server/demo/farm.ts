// Demo farm: amina's maize farm near Bafoussam with 120 days of hourly weather, surveys and one result per analysis.

import { DAY_MS, HOUR_MS } from '../../contract/constants';
import { ANALYTICS_TYPES } from '../../contract/crops';
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { runAnalysis } from '../farms/agronomy/analyse';
import { insertAnalytics } from '../farms/analytics/analytics.repo';
import { demoWeather } from '../farms/demo-weather';
import { insertFarm, listFarmsOf } from '../farms/farms.repo';
import { upsertReadings } from '../farms/sensors/sensors.repo';
import { insertSurvey } from '../farms/surveys/surveys.repo';
import { awardAchievement } from '../users/achievements';

const WEATHER_DAYS = 120;
const DAYS_SINCE_PLANTING = 100;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The farm and its weather model; the planting date is filled in from today. */
const SITE = {
  latitude: 5.48,
  longitude: 10.42,
  elevation: 1450,
  crop: 'maize' as const,
  soilTexture: 'clay',
  sizeHa: 2.5,
};
const WEATHER = { meanTemp: 20.5, seed: 5480 };

/** amina's field surveys: days before today, the stage, pests seen (severity 1–3), irrigation and notes. */
const SURVEYS = [
  {
    day: 95,
    growthStage: 'VE',
    pests: [],
    irrigationMm: 0,
    notes: 'Levée homogène sur toute la parcelle.',
  },
  {
    day: 70,
    growthStage: 'V6',
    pests: [{ name: "chenille légionnaire d'automne", severity: 1 }],
    irrigationMm: 0,
    notes: null,
  },
  {
    day: 40,
    growthStage: 'VT',
    pests: [{ name: "chenille légionnaire d'automne", severity: 2 }],
    irrigationMm: 15,
    notes: null,
  },
  {
    day: 4,
    growthStage: 'R3',
    pests: [{ name: 'foreur de tige', severity: 1 }],
    irrigationMm: 10,
    notes: 'Épis bien remplis ; quelques trous de foreur près de la route.',
  },
];

/** The site, its hourly weather up to the last full hour and the surveys, dated from now. */
function demoFarm(now: number) {
  const lastHour = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const site = { ...SITE, plantingDate: isoDay(today - DAYS_SINCE_PLANTING * DAY_MS) };
  const readings = demoWeather({
    start: new Date(lastHour - (WEATHER_DAYS * 24 - 1) * HOUR_MS),
    hours: WEATHER_DAYS * 24,
    latitude: site.latitude,
    ...WEATHER,
  }).sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const surveys = SURVEYS.map((survey) => ({ ...survey, date: isoDay(today - survey.day * DAY_MS) }));
  return { site, readings, surveys };
}

export async function seed(ctx: AppContext): Promise<void> {
  const amina = await findUserByUsername(ctx.db, 'amina');
  if (!amina || (await listFarmsOf(ctx.db, amina.id)).length > 0) {
    return;
  }
  const { site, readings, surveys } = demoFarm(Date.now());
  await ctx.db.transaction(async (tx) => {
    const farm = await insertFarm(tx, { ownerId: amina.id, name: 'Ferme de la Mifi', ...site });
    await upsertReadings(tx, farm.id, readings);
    for (const s of surveys) {
      await insertSurvey(tx, {
        farmId: farm.id,
        date: s.date,
        growthStage: s.growthStage,
        pests: s.pests,
        irrigationMm: s.irrigationMm,
        notes: s.notes,
        createdBy: amina.id,
      });
    }
    await awardAchievement(tx, ctx, amina.id, 'sensor_month');
    const input = {
      site,
      readings: readings.map((r) => ({ timestamp: r.ts, type: r.type, value: r.value })),
      surveys,
    };
    for (const type of ANALYTICS_TYPES) {
      const data = runAnalysis(type, input) as unknown as Record<string, unknown>;
      await insertAnalytics(tx, { farmId: farm.id, type, data, createdBy: amina.id });
    }
  });
}
