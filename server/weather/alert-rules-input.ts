// What the weather alert rules read: the farm's local days, forecast hours, open crop plans, spray calls and drying lots.

/** One local day of weather: observed (past) or forecast. */
export interface RuleDay {
  date: string;
  rainMm: number | null;
  tMin: number | null;
  tMax: number | null;
  et0Mm: number | null;
}

/** One forecast hour from now, at its UTC start. */
export interface RuleHour {
  ts: Date;
  rain: number | null;
  /** Mean wind at 10 m [m/s]. */
  wind: number | null;
}

export interface RulePlan {
  id: number;
  /** A CropKey of contract/crops.ts, or free text (no crop table row: the crop-specific rules skip it). */
  crop: string;
  plotName: string | null;
  status: 'planned' | 'active' | 'harvested' | 'abandoned';
  plantingDate: string;
  stages: { key: 'initial' | 'development' | 'mid' | 'late'; start: string; end: string }[];
  expectedHarvest: { from: string; to: string } | null;
  /** ha */
  area: number;
}

export interface RuleInput {
  /** The farm's local date. */
  today: string;
  /** Days before today, oldest first (up to ~60). */
  past: RuleDay[];
  /** Today and the next 6 days. */
  forecast: RuleDay[];
  /** The forecast hours from now on, hourly. */
  hours: RuleHour[];
  utcOffsetSeconds: number;
  /** The farm's open plans (planned or active). */
  plans: RulePlan[];
  /** Plans whose blight model or an open spray task (due within 3 days or overdue) calls for a spray. */
  sprayCalls: { planId: number; reason: 'blight' | 'task' }[];
  /** The owner's lots above safe storage moisture. */
  dryingLots: { lotId: number; crop: string; moisture: number }[];
  /** The farm's soil texture, for the root zone's total available water (FAO-56 Table 19). */
  soilTexture: string | null;
}
