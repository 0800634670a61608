// A seeded pseudo-random weather model for the demo farm and the benchmark: plausible hourly tropical-highland
// weather (wet and dry spells, cloud, afternoon storms, a soil bucket), the same every run for the same seed.
import { HOUR_MS } from '../../contract/constants';
import type { SensorType } from '../../contract/crops';
import { dayNumberOfTime, dayOfYear } from './agronomy/dates';
import { extraterrestrialRadiation } from './agronomy/radiation';

export interface DemoReading {
  ts: Date;
  type: SensorType;
  value: number;
}

/** Mulberry32: a tiny seeded generator, so demo data are reproducible (never used for figures shown as data). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DemoWeatherOptions {
  /** First hour (UTC); readings are hourly from there. */
  start: Date;
  hours: number;
  latitude: number;
  /** Mean air temperature [°C] (about 20 °C at 1,450 m near the equator). */
  meanTemp?: number;
  seed?: number;
}

const round = (value: number, decimals = 1) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, value));

/**
 * Hourly temperature, humidity, wind, rainfall and soil moisture, and one solar radiation value per day
 * (MJ m⁻² day⁻¹ at noon, from extraterrestrial radiation and the day's cloud by the Ångström form).
 */
export function demoWeather(options: DemoWeatherOptions): DemoReading[] {
  const random = seededRandom(options.seed ?? 2024);
  const meanTemp = options.meanTemp ?? 20;
  const readings: DemoReading[] = [];
  let wet = false;
  let soil = 34;
  let cloud = 0.5;
  let dayRain: number[] = [];
  let dayKey = -1;
  let tempAnomaly = 0;
  const startMs = options.start.getTime();
  for (let h = 0; h < options.hours; h++) {
    const ts = new Date(startMs + h * HOUR_MS);
    const hour = ts.getUTCHours();
    const day = dayNumberOfTime(ts.getTime());
    if (day !== dayKey) {
      dayKey = day;
      // Two-state Markov chain: wet days follow wet days (rainy season persistence).
      wet = random() < (wet ? 0.65 : 0.35);
      cloud = clamp(0.7 * cloud + 0.3 * (wet ? 0.75 : 0.3) + (random() - 0.5) * 0.2, 0.05, 0.95);
      tempAnomaly = clamp(0.6 * tempAnomaly + (random() - 0.5) * 1.5, -3, 3);
      // Afternoon storms on wet days: 1–3 hours of rain from 14:00 to 18:00 local time (UTC+1).
      dayRain = new Array<number>(24).fill(0);
      if (wet) {
        const startHour = 13 + Math.floor(random() * 4);
        const length = 1 + Math.floor(random() * 3);
        const total = 2 + random() * 25;
        for (let k = 0; k < length; k++) {
          dayRain[(startHour + k) % 24] = total / length;
        }
      }
      const ra = extraterrestrialRadiation(options.latitude, dayOfYear(day));
      readings.push({
        ts: new Date(Date.UTC(ts.getUTCFullYear(), ts.getUTCMonth(), ts.getUTCDate(), 11)),
        type: 'solar_radiation',
        value: round(ra * (0.25 + 0.5 * (1 - cloud)), 2),
      });
    }
    const diurnal = Math.sin((2 * Math.PI * (hour - 8)) / 24);
    const amplitude = 5.5 * (1 - 0.5 * cloud);
    const temperature = meanTemp + tempAnomaly + amplitude * diurnal + (random() - 0.5) * 0.6;
    const rain = dayRain[hour] ?? 0;
    const humidity = clamp(
      78 - 16 * diurnal + (rain > 0 ? 15 : 0) + cloud * 6 + (random() - 0.5) * 4,
      25,
      100,
    );
    const wind = clamp(
      1.4 + 1.2 * Math.max(0, diurnal) + (rain > 0 ? 1.5 : 0) + (random() - 0.5) * 0.6,
      0.2,
      12,
    );
    // Soil bucket: rain wets it (up to field capacity), hourly drying follows the warmth of the day.
    soil = clamp(soil + rain * 0.3 - (diurnal > 0 ? 0.2 * diurnal * (1 - cloud * 0.5) : 0.008), 29, 38);
    readings.push(
      { ts, type: 'temperature', value: round(temperature) },
      { ts, type: 'humidity', value: round(humidity) },
      { ts, type: 'wind_speed', value: round(wind) },
      { ts, type: 'rainfall', value: round(rain) },
      { ts, type: 'soil_moisture', value: round(soil) },
    );
  }
  return readings;
}
