// "Sell now or store?": the seasonal rise of a crop's price in the market's own history, set against the weight a
// lot of that moisture is expected to lose in store over those months, from published storage trials.
import { SAFE_GRAIN_MOISTURE, type TStorageHint } from '../../contract/stock';

/**
 * One day of a market's history, as the marketplace's price history gives it (`PricePoint`, market-core.ts):
 * restated here because stock may not reach into the marketplace's files, only take what it is handed.
 */
export interface PriceDay {
  /** UTC midnight of the day, ISO 8601. */
  timestamp: string;
  /** The market price at the end of the day; absent before the market's first trade. */
  price?: number;
  volume: number;
}

export interface StorageHintInput {
  /** The crop as the reader should see it named. */
  crop: string;
  /** The market's daily prices for the lot's crop and grade, oldest first or not. */
  history: readonly PriceDay[];
  /** The lot's moisture in percent (wet basis), or null when nobody measured it. */
  moisture: number | null;
  now: Date;
}

// ---- Storage losses: the published figures and how they are scaled

/**
 * Where the loss figures come from, shown with the hint.
 * - Baributsa D., Bakoye O.N., Ibrahim B., Murdock L.L. (2020). Performance of five postharvest storage methods
 *   for maize preservation in northern Benin. Insects 11(8):541, doi:10.3390/insects11080541. Insect-infested
 *   maize kept seven months: no weight loss in any of four hermetic bags (PICS, SuperGrainbag, AgroZ, EVAL);
 *   6.3 % in insecticide-treated woven bags; 10.3 % in ordinary polypropylene woven bags.
 * - Kumar D., Kalita P. (2017). Reducing postharvest losses during storage of grain crops to strengthen food
 *   security in developing countries. Foods 6(1):8, doi:10.3390/foods6010008: scientific storage methods bring
 *   storage losses "as low as 1%–2%".
 * Read as well, not used for a number: Odjo S. et al. (2024), J. Stored Prod. Res. 102480 (hermetic bags kept
 * maize below 13 % moisture and below 2 % weight loss over 3-month cycles, Mexico); Williams S.B., Murdock L.L.,
 * Baributsa D. (2017), PLOS ONE 12(1):e0168624 (grain moisture fell in woven bags but stayed as it was in PICS
 * bags over eight months: a sealed bag does not dry wet grain, which is why wet grain must be dried first).
 */
export const STORAGE_LOSS_SOURCE =
  'Baributsa et al. 2020, Insects 11:541 (maize, 7 months: hermetic bags 0 %, woven bags 10.3 %); ' +
  'Kumar & Kalita 2017, Foods 6:8 (1-2 % in sound storage)';

/** The trial's length in Baributsa et al. 2020, over which its losses were measured. */
const TRIAL_MONTHS = 7;
/** Weight lost in ordinary woven bags over TRIAL_MONTHS (Baributsa et al. 2020), percent. */
const WOVEN_BAG_LOSS = 10.3;
/** The most dry grain lost in sound, sealed storage (Kumar & Kalita 2017: "as low as 1–2 %"), percent. */
const SEALED_LOSS_MAX = 2;

/**
 * Ordinary woven-bag loss over `months`, scaled in proportion from the trial's seven months. Insect losses do
 * not grow evenly (few in the first months, more once the insects multiply), so this overstates short stays and
 * understates long ones; the sources give no month-by-month curve for West African stores to do better.
 */
const wovenLoss = (months: number) => (WOVEN_BAG_LOSS * months) / TRIAL_MONTHS;

/**
 * Sealed, dry storage: the trials found nothing lost over seven months (the insects die once the oxygen is
 * used up, so the loss does not grow with time); 1–2 % is the review's figure for sound storage. Past the
 * trial's seven months no source speaks, so the upper end is scaled in proportion: our extrapolation.
 */
const sealedLossMax = (months: number) => SEALED_LOSS_MAX * Math.max(1, months / TRIAL_MONTHS);

/**
 * The weight water takes with it when grain dries from `moisture` to the safe level, percent: the dry matter
 * stays, so shrink = (initial − final) / (100 − final) × 100 (the standard moisture-shrink formula, e.g.
 * Pioneer agronomy "Moisture shrink": 1.16 % a point when drying to 14 %).
 */
const dryingShrink = (moisture: number) =>
  moisture <= SAFE_GRAIN_MOISTURE
    ? 0
    : ((moisture - SAFE_GRAIN_MOISTURE) / (100 - SAFE_GRAIN_MOISTURE)) * 100;

/**
 * The expected weight lost over `months` in store, as a range rounded outwards to whole percents.
 * - Dry enough (≤ SAFE_GRAIN_MOISTURE) and kept sealed: 0 to the sealed maximum.
 * - Wetter: at best dried to the safe level and then sealed (the drying shrink, nothing more); at worst kept in
 *   ordinary bags where it dries as it sits and insects eat it (the shrink plus the woven-bag loss). Mould and
 *   aflatoxin are the further risk, told by `dryEnough`: no trial here puts a weight on them.
 * - Unknown moisture: from the dry, sealed best to the woven-bag worst, without a shrink nobody can compute.
 */
export function storageLoss(moisture: number | null, months: number): { from: number; to: number } {
  const range = (from: number, to: number) => ({ from: Math.floor(from), to: Math.ceil(to) });
  if (moisture === null) {
    return range(0, wovenLoss(months));
  }
  if (moisture <= SAFE_GRAIN_MOISTURE) {
    return range(0, sealedLossMax(months));
  }
  const shrink = dryingShrink(moisture);
  return range(shrink, shrink + wovenLoss(months));
}

// ---- The seasonal pattern

/** A month's average is trusted when at least this many of its days have a price (a third of a month). */
const MIN_PRICED_DAYS = 10;
/**
 * Below this rise no hint is given: sealed, dry grain may still lose up to 2 % (SEALED_LOSS_MAX), a store may
 * charge, and the money waits months; a seasonal swing under 5 % is also within the month-to-month noise of
 * a market traded a couple of years, so telling a farmer to store for it would be advice the data cannot carry.
 */
const MIN_RISE_PERCENT = 5;

/** Months counted from year 0 (year × 12 + month − 1), so that consecutive months differ by one. */
type MonthIndex = number;

/** Each month's average price, for months with enough priced days up to `now`. */
function monthlyAverages(history: readonly PriceDay[], now: Date): Map<MonthIndex, number> {
  const sums = new Map<MonthIndex, { total: number; days: number }>();
  for (const day of history) {
    const at = new Date(day.timestamp);
    if (day.price === undefined || !Number.isFinite(day.price) || day.price <= 0) {
      continue;
    }
    if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) {
      continue;
    }
    const month = at.getUTCFullYear() * 12 + at.getUTCMonth();
    const sum = sums.get(month) ?? { total: 0, days: 0 };
    sum.total += day.price;
    sum.days += 1;
    sums.set(month, sum);
  }
  const averages = new Map<MonthIndex, number>();
  for (const [month, { total, days }] of sums) {
    if (days >= MIN_PRICED_DAYS) {
      averages.set(month, total / days);
    }
  }
  return averages;
}

/**
 * The trend's growth per month (as a logarithm), from the same calendar month a year apart: comparing March with
 * March cancels the season exactly, so what is left is inflation or a market rising or falling. 0 when no month
 * appears twice (a single year cannot tell a trend from a season; it is then read as it came).
 */
function monthlyTrend(averages: Map<MonthIndex, number>): number {
  let sum = 0;
  let pairs = 0;
  for (const [month, price] of averages) {
    const yearLater = averages.get(month + 12);
    if (yearLater !== undefined) {
      sum += Math.log(yearLater / price);
      pairs += 1;
    }
  }
  return pairs === 0 ? 0 : sum / pairs / 12;
}

/**
 * The seasonal pattern: each calendar month's price relative to its year's mean, averaged over the years.
 * 1. Monthly averages (months with at least MIN_PRICED_DAYS priced days).
 * 2. The trend (monthlyTrend) taken out: each month's average divided by the trend's growth since the latest.
 * 3. "Years" are the complete runs of 12 months counted back from the latest month, so each holds every calendar
 *    month once and its mean is a true annual mean (a calendar year cut short would weigh the months it has).
 * 4. Each month's detrended price over its year's mean, averaged over the years: an index near 1, above in the
 *    dear months. Dividing by each year's own mean keeps a dear year from dominating; step 2 keeps a steady
 *    rise within the years from showing as a false season (prices doubling in two years would otherwise read as
 *    a 40 % "rise" from the first calendar month of the window to the last).
 * Null when not one complete year of months exists.
 */
export function seasonalPattern(
  history: readonly PriceDay[],
  now: Date,
): { index: number[]; years: number } | null {
  const averages = monthlyAverages(history, now);
  if (averages.size < 12) {
    return null;
  }
  const latest = Math.max(...averages.keys());
  const trend = monthlyTrend(averages);
  const detrended = (month: MonthIndex) => {
    const price = averages.get(month);
    return price === undefined ? undefined : price * Math.exp(-trend * (month - latest));
  };
  const sums = new Array<number>(12).fill(0);
  let years = 0;
  for (let end = latest; ; end -= 12) {
    const year = Array.from({ length: 12 }, (_, i) => detrended(end - 11 + i)).filter(
      (price): price is number => price !== undefined,
    );
    if (year.length < 12) {
      break;
    }
    const mean = year.reduce((a, b) => a + b, 0) / 12;
    year.forEach((price, i) => {
      const calendarMonth = (end - 11 + i) % 12;
      sums[calendarMonth] = (sums[calendarMonth] ?? 0) + price / mean;
    });
    years += 1;
  }
  if (years === 0) {
    return null;
  }
  return { index: sums.map((sum) => sum / years), years };
}

/**
 * The hint for a lot, or null when the market's history says nothing worth saying: less than a complete year of
 * months with prices, or a seasonal rise below MIN_RISE_PERCENT. The storage months are those from the cheapest
 * month to the dearest, forward through the year (November to March is four months).
 */
export function storageHint(input: StorageHintInput): TStorageHint | null {
  const pattern = seasonalPattern(input.history, input.now);
  if (pattern === null) {
    return null;
  }
  const { index, years } = pattern;
  let low = 0;
  let high = 0;
  index.forEach((value, month) => {
    if (value < (index[low] ?? value)) {
      low = month;
    }
    if (value > (index[high] ?? value)) {
      high = month;
    }
  });
  const risePercent = Math.round(((index[high] ?? 1) / (index[low] ?? 1) - 1) * 100);
  if (risePercent < MIN_RISE_PERCENT) {
    return null;
  }
  const months = (high - low + 12) % 12;
  return {
    crop: input.crop,
    lowMonth: low + 1,
    highMonth: high + 1,
    risePercent,
    years,
    lossPercent: storageLoss(input.moisture, months),
    dryEnough: input.moisture === null ? null : input.moisture <= SAFE_GRAIN_MOISTURE,
    source: STORAGE_LOSS_SOURCE,
  };
}
