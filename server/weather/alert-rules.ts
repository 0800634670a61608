// The agronomic weather alerts: pure rules over a farm's days, forecast hours and open crop plans, each with its
// published basis (cited beside each rule and in its `weather-alerts.<kind>.basis` text), most urgent first.
import type { TWeatherAlert, WeatherAlertKind } from '../../contract/weather';
import { drySpellAlerts } from './alert-rules-dry-spell';
import { heatStressAlerts } from './alert-rules-heat';
import type { RuleInput } from './alert-rules-input';
import { heavyRainAlerts, plantingRainsAlerts } from './alert-rules-rain';
import { sprayWindowAlerts } from './alert-rules-spray';

/**
 * Urgency, most urgent first: damage that the weather itself does on a given day (heat at flowering, heavy rain on
 * a ripe crop or a drying lot) ranks by that day, nearest first; then a dry spell (days away, and irrigation can still
 * answer it), then a spray window (an opportunity), then planting rains (an opportunity that lasts days).
 */
const URGENCY: Readonly<Record<WeatherAlertKind, number>> = {
  heat_stress: 0,
  heavy_rain: 0,
  dry_spell: 1,
  spray_window: 2,
  planting_rains: 3,
};

/** On the same day, heat before rain: a flowering crop loses its grain, a ripe crop can still be picked early. */
const SAME_DAY_ORDER: readonly WeatherAlertKind[] = [
  'heat_stress',
  'heavy_rain',
  'dry_spell',
  'spray_window',
  'planting_rains',
];

function byUrgency(a: TWeatherAlert, b: TWeatherAlert): number {
  return (
    URGENCY[a.kind] - URGENCY[b.kind] ||
    a.day.localeCompare(b.day) ||
    SAME_DAY_ORDER.indexOf(a.kind) - SAME_DAY_ORDER.indexOf(b.kind) ||
    (a.planId ?? 0) - (b.planId ?? 0) ||
    (a.lotId ?? 0) - (b.lotId ?? 0)
  );
}

/** Every alert that holds now, most urgent first. */
export function weatherAlerts(input: RuleInput): TWeatherAlert[] {
  return [
    ...heatStressAlerts(input),
    ...heavyRainAlerts(input),
    ...drySpellAlerts(input),
    ...sprayWindowAlerts(input),
    ...plantingRainsAlerts(input),
  ].sort(byUrgency);
}
