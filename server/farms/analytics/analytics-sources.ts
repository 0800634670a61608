// Results stored before method sources became messages name them in English text: read back as source messages.
import { cited, type SourceMessage, type SourceName, source } from '../agronomy/messages';

/** The texts the analyses wrote (stored results keep them for ever), and the source each one was. */
const STORED_TEXTS: ReadonlyMap<string, SourceName> = new Map([
  ['FAO-56 eq. 6, chapter 3 rules for missing data', 'fao56_penman_monteith'],
  ['FAO-56 eq. 52', 'hargreaves'],
  ['FAO-56 eq. 62 and 65', 'fao56_kc_climate_adjustment'],
  ['FAO-56 eq. 82–88, Table 19, Table 22; effective rain p.170', 'fao56_water_balance_window'],
  ['FAO-56 eq. 82–88, Table 22 (larger root depth, fn 1), Table 19', 'fao56_water_balance_season'],
  ['FAO-56 eq. 90 (FAO-33), Table 24; daily balance eq. 85', 'fao33_yield_response'],
  [
    'Smith 1956 / Hutton criteria (AHDB); TOMCAST (Madden et al. 1978); insect degree days; survey sightings',
    'pest_risk_rules',
  ],
  ['Smith 1956 (Blightwatch); Hutton criteria (AHDB 2017)', 'late_blight_periods'],
  ['Madden et al. 1978; Pitblado 1992; UW-Madison Crop Risk Tool classes', 'tomcast'],
  ['Du Plessis et al. 2020; Ali et al. 1990; single-sine degree days', 'fall_armyworm_degree_days'],
  ['farm surveys, severity 0–3', 'survey_sightings'],
]);
const STORED_KC = /^FAO-56 Tables 11–12, eq\. 66 \((.*)\)$/s;

/** The message of a source stored as text; a text no analysis wrote is quoted as it is. */
export function storedSource(text: string): SourceMessage {
  const name = STORED_TEXTS.get(text);
  if (name) {
    return source(name);
  }
  const kc = STORED_KC.exec(text);
  return kc ? source('fao56_crop_coefficient', { citation: kc[1] ?? '' }) : cited(text);
}

function upgradeMethod(value: unknown): unknown {
  if (
    typeof value !== 'object' ||
    value === null ||
    !('source' in value) ||
    typeof value.source !== 'string'
  ) {
    return value;
  }
  return { ...value, source: storedSource(value.source) };
}

/** A stored result whose method sources are all messages (results written since are returned as they are). */
export function withSourceMessages(data: Record<string, unknown>): Record<string, unknown> {
  return {
    ...data,
    ...('method' in data ? { method: upgradeMethod(data.method) } : {}),
    ...(Array.isArray(data.methods) ? { methods: data.methods.map(upgradeMethod) } : {}),
  };
}
