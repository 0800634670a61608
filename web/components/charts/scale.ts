// The arithmetic of the hand-drawn SVG charts (no chart library: recharts cost ~86 KB gzip and half a second of
// main-thread time on a throttled phone for the same lines): scales, "nice" ticks, time ticks, label thinning,
// SVG paths and the point nearest the pointer. Pure functions, unit-tested.

/** Maps a value of `domain` linearly onto `range` (a flat domain maps to the middle of the range). */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  if (d1 === d0) {
    const middle = (r0 + r1) / 2;
    return () => middle;
  }
  const k = (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * k;
}

/** A 1, 2 or 5 × 10ⁿ step giving about `count` intervals over `span`. */
export function tickStep(span: number, count: number): number {
  const raw = span / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1;
  return factor * power;
}

export interface NiceTicks {
  /** The axis' domain, widened to whole steps. */
  min: number;
  max: number;
  ticks: number[];
}

/**
 * About `count` round ticks covering [min, max], the domain widened to the outer ticks (21.3..27.8 → 20..28 by 2).
 * A flat series gets a band around its value; no data (infinite bounds) gets 0..1.
 */
export function niceTicks(min: number, max: number, count = 5): NiceTicks {
  let lo = min;
  let hi = max;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo > hi) {
    [lo, hi] = [hi, lo];
  }
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.max(Math.abs(lo) * 0.1, 1);
    lo = lo === 0 ? 0 : lo - pad;
    hi += pad;
  }
  const step = tickStep(hi - lo, count);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const fix = (n: number) => Number(n.toFixed(decimals));
  const start = fix(Math.floor(lo / step + 1e-9) * step);
  const end = fix(Math.ceil(hi / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let i = 0; ; i++) {
    const tick = fix(start + i * step);
    if (tick > end + step / 2) {
      break;
    }
    ticks.push(tick);
  }
  return { min: start, max: end, ticks };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOUR_STEPS = [1, 2, 3, 6, 12];
const DAY_STEPS = [1, 2, 3, 7, 14, 30, 60, 91, 182, 365];

export interface TimeTicks {
  ticks: number[];
  /** Whether the ticks are whole hours (label with the time) or local midnights (label with the day). */
  unit: 'hour' | 'day';
}

/**
 * At most `maxCount` ticks on local midnights (or whole hours, for a span under two days) between `min` and `max`
 * (ms since the epoch), the step the smallest of 1, 2, 3, 7, 14… days (1, 2, 3, 6, 12 hours) that fits.
 */
export function timeTicks(min: number, max: number, maxCount: number): TimeTicks {
  const span = max - min;
  const count = Math.max(1, maxCount);
  if (!(span > 0)) {
    return { ticks: Number.isFinite(min) ? [min] : [], unit: 'hour' };
  }
  if (span < 2 * DAY) {
    const step = HOUR_STEPS.find((hours) => span / (hours * HOUR) <= count);
    if (step !== undefined) {
      const date = new Date(min);
      date.setMinutes(0, 0, 0);
      while (date.getTime() < min || date.getHours() % step !== 0) {
        date.setHours(date.getHours() + 1);
      }
      const ticks: number[] = [];
      for (; date.getTime() <= max; date.setHours(date.getHours() + step)) {
        ticks.push(date.getTime());
      }
      return { ticks, unit: 'hour' };
    }
  }
  const step = DAY_STEPS.find((days) => span / (days * DAY) <= count) ?? Math.ceil(span / DAY / count);
  const date = new Date(min);
  date.setHours(0, 0, 0, 0);
  if (date.getTime() < min) {
    date.setDate(date.getDate() + 1);
  }
  const ticks: number[] = [];
  // setDate keeps local midnight across daylight-saving changes, where adding 24 h would not.
  for (; date.getTime() <= max; date.setDate(date.getDate() + step)) {
    ticks.push(date.getTime());
  }
  return { ticks, unit: 'day' };
}

/**
 * Which of `count` evenly spaced labels to show so that they do not overlap: every k-th, counted back from the
 * last (the latest month or day always has its label).
 */
export function labelStride(count: number, width: number, labelWidth: number): number {
  if (count <= 1 || width <= 0) {
    return 1;
  }
  return Math.max(1, Math.ceil((count * labelWidth) / width));
}

/** The centre of each of `count` equal bands across [start, end]. */
export function bandCentres(count: number, start: number, end: number): number[] {
  const band = (end - start) / Math.max(count, 1);
  return Array.from({ length: count }, (_, i) => start + band * (i + 0.5));
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * An SVG path through the points, broken where a y is null (or joined across the gap with `connect`).
 */
export function linePath(xs: readonly number[], ys: readonly (number | null)[], connect = false): string {
  let path = '';
  let pen = false;
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i];
    if (y === null || y === undefined || !Number.isFinite(y)) {
      pen = connect && pen;
      continue;
    }
    path += `${pen ? 'L' : 'M'}${round(xs[i] as number)} ${round(y)}`;
    pen = true;
  }
  return path;
}

/** The index of the value of the ascending `xs` nearest to `x` (-1 when there is none). */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) {
    return -1;
  }
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) <= x) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return Math.abs((xs[hi] as number) - x) < Math.abs((xs[lo] as number) - x) ? hi : lo;
}

/** Rough width in px of a label at 12 px (an axis must leave room for it before the text is laid out). */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * 6.6);
}

/**
 * The point a key moves a chart's tooltip to, from `active` (null: none shown) among `count` points: Left and Right
 * step (from none: the first or the last), Home and End jump, Escape hides (null). Undefined: not a chart key.
 */
export function keyedIndex(key: string, active: number | null, count: number): number | null | undefined {
  if (key === 'Escape') {
    return null;
  }
  if (count === 0) {
    return undefined;
  }
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return active === null ? 0 : Math.min(active + 1, last);
    case 'ArrowLeft':
      return active === null ? last : Math.max(active - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
