// The farms module's public face: farms and their members, sensors, surveys, devices and analytics. Others import
// farms only through this file.
import type { ModuleDefinition } from '../module';
import { installFarmAccess } from './farm-access';
import { farmDataRoutes } from './farm-data.routes';
import { farmsRoutes, membersRoutes } from './farms.routes';

// The crop tables and their helpers, for the crops module's calendar (stages, expected yield), and the FAO-56 water
// balance with its inputs (Kc, soil, TAW) for the weather module's dry-spell alert.
export type { CropCycle } from './agronomy/crop-types';
export { CROPS, seasonDays } from './agronomy/crops';
export { dayNumberOfIso, isoOfDayNumber } from './agronomy/dates';
// Hourly FAO-56 ET0 and the reading shape, for the weather module (the provider's hours as readings, its ET0 checked).
export { type HourlyWeather, hourlyEt0Series } from './agronomy/et0-hourly';
export { cropDay, kcOnDay } from './agronomy/kc';
export { round } from './agronomy/numbers';
export { soilWater } from './agronomy/soils';
export type { ReadingInput } from './agronomy/types';
export { type Country, countryOfCallingCode, TYPICAL_YIELDS } from './agronomy/typical-yields';
export { runWaterBalance, totalAvailableWater } from './agronomy/water-balance';
export { analysePlan } from './analytics/analytics.service';
export { insertBooksFarm } from './books-farm';
export { agentAccess, requireFarm, requireFarmActor } from './farm-access';
export type { FarmRow } from './farm-access-cache';
export { booksAudience, farmAudience } from './farm-audience';
export { farmPagesCache, farmPagesChangedSql } from './farm-pages-cache';
export {
  analysisStored,
  farmCreated,
  farmPlanted,
  farmResizing,
  type ProviderWeather,
  providerWeather,
  representsFarmer,
} from './hooks';
export {
  farmsReachedBy,
  farmWithRole,
  firstFarmIdOf,
  isFarmMember,
  isFarmOwnedBy,
  recentMeanTemperature,
} from './lookups';

export const farmsModule: ModuleDefinition = {
  name: 'farms',
  install: installFarmAccess,
  routes: [farmDataRoutes, farmsRoutes, membersRoutes],
};
