// Heat stress at flowering: a forecast maximum above the temperature at which the crop's pollen or fruit set fails.
import type { CropKey } from '../../contract/crops';
import type { TWeatherAlert } from '../../contract/weather';
import { round } from '../farms';
import { stageOf, within } from './alert-rules-days';
import type { RuleInput } from './alert-rules-input';

/**
 * Day temperature [°C] above which flowering suffers, only for crops whose source was read:
 * - maize 35 °C: "heat over 95 °F depresses pollen production", J. Rees & T. Hoegemeyer (2019), "How extended high
 *   heat disrupts corn pollination", CropWatch, University of Nebraska–Lincoln;
 * - groundnut 34 °C: "the threshold day temperature for pollen production and viability was 34 °C", Prasad,
 *   Craufurd & Summerfield (1999), Annals of Botany 84:381–386;
 * - tomato 32 °C: at 32/26 °C day/night, fruit set failed in four of five cultivars, Sato, Peet & Thomas (2000),
 *   Plant, Cell & Environment 23:719–726.
 * Rice is left out: the threshold of Jagadish et al. (2007) could not be read in a source here.
 */
export const FLOWERING_HEAT_LIMITS: Readonly<Partial<Record<CropKey, number>>> = {
  maize: 35,
  groundnut: 34,
  tomato: 32,
};

function limitOf(crop: string): number | undefined {
  return Object.hasOwn(FLOWERING_HEAT_LIMITS, crop) ? FLOWERING_HEAT_LIMITS[crop as CropKey] : undefined;
}

/** For each active plan flowering (FAO-56 mid-season stage) now or within the forecast, its first too-hot day. */
export function heatStressAlerts(input: RuleInput): TWeatherAlert[] {
  const alerts: TWeatherAlert[] = [];
  for (const plan of input.plans) {
    const threshold = limitOf(plan.crop);
    const mid = stageOf(plan, 'mid');
    if (plan.status !== 'active' || threshold === undefined || mid === undefined) {
      continue;
    }
    const hot = input.forecast.find(
      (d) => d.date >= input.today && within(d.date, mid) && d.tMax !== null && d.tMax > threshold,
    );
    if (hot?.tMax == null) {
      continue;
    }
    alerts.push({
      kind: 'heat_stress',
      planId: plan.id,
      lotId: null,
      crop: plan.crop,
      plotName: plan.plotName,
      day: hot.date,
      facts: { tMax: round(hot.tMax, 1), threshold, date: hot.date },
    });
  }
  return alerts;
}
