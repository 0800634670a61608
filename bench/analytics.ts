// Analytics over a year of hourly readings for one farm (DESIGN §8: ≤ 200 ms), per type: the method alone, and
// the whole generation (window load from an embedded database + method). Usage: node --import tsx bench/analytics.ts

import { DAY_MS } from '../contract/constants';
import { ANALYTICS_TYPES } from '../contract/crops';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { runAnalysis } from '../server/farms/agronomy/analyse';
import { loadAnalysisInput } from '../server/farms/analytics/analytics.service';
import { demoWeather } from '../server/farms/demo-weather';
import { insertFarm } from '../server/farms/farms.repo';
import { upsertReadings } from '../server/farms/sensors/sensors.repo';
import { prepareDatabase } from '../server/prepare-database';
import { median } from './cli';

const BUDGET_MS = 200;
const RUNS = 7;

async function time(run: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function main() {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const readings = demoWeather({
    start: new Date(end - 365 * DAY_MS),
    hours: 365 * 24,
    latitude: 5.48,
    seed: 7,
  }).sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const database = await openDatabase({ memory: true });
  await prepareDatabase(database);
  const [owner] = await database.db
    .insert(users)
    .values({ username: 'bench', usernameKey: 'bench', passwordHash: 'x', role: 'farmer' })
    .returning();
  if (!owner) {
    throw new Error('no user');
  }
  // Planted a year ago (a perennial-like long season) so every analysis reads the whole year.
  const farm = await insertFarm(database.db, {
    ownerId: owner.id,
    name: 'Bench farm',
    sizeHa: 2,
    latitude: 5.48,
    longitude: 10.42,
    elevation: 1450,
    crop: 'sugarcane',
    plantingDate: new Date(end - 364 * DAY_MS).toISOString().slice(0, 10),
    soilTexture: 'loam',
  });
  const loadStart = performance.now();
  await database.db.transaction((tx) => upsertReadings(tx, farm.id, readings));
  const insertMs = performance.now() - loadStart;
  const input = await loadAnalysisInput(database.db, farm);

  const rows: Record<string, string | number>[] = [];
  for (const type of ANALYTICS_TYPES) {
    const methodMs = await time(() => runAnalysis(type, input));
    const totalMs = await time(async () => runAnalysis(type, await loadAnalysisInput(database.db, farm)));
    rows.push({
      type,
      readings: input.readings.length,
      'method ms': Math.round(methodMs * 10) / 10,
      'load + method ms': Math.round(totalMs * 10) / 10,
      [`≤ ${BUDGET_MS} ms`]: methodMs <= BUDGET_MS ? 'yes' : 'NO',
    });
  }
  console.log(`${readings.length} readings inserted in ${Math.round(insertMs)} ms (PGlite, in memory)`);
  console.table(rows);
  await database.close();
}

await main();
