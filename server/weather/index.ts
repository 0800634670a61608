// The weather module's public face: every farm's weather from the provider (Open-Meteo) by its grid cell, what the
// farm page and the phone show of it, the alerts tied to crop plans, and the analyses' weather where farms have no
// sensors. Others import weather only through this file.
import { providerWeather } from '../farms';
import type { ModuleDefinition } from '../module';
import { weatherRoutes } from './weather.routes';
import { providerReadings } from './weather.service';
import { weatherWorker } from './weather-worker';

export { alertInWords } from './alert-text';
export { putDemoWeather } from './demo-cells';
export { weatherFarm } from './weather.repo';
export { farmWeather, farmWeatherAt } from './weather.service';
export { sendWeatherAlerts } from './weather-notify';

export const weatherModule: ModuleDefinition = {
  name: 'weather',
  routes: [weatherRoutes],
  fills: [providerWeather.fill(providerReadings)],
  start: (ctx) => weatherWorker.of(ctx).start(),
  stop: (ctx) => weatherWorker.of(ctx).stop(),
};
