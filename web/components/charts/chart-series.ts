// What an XY chart draws: its series and their tones, and the plot's fixed margins and type size.

/** Colours from the Tailwind theme (full class names, so that Tailwind generates them). */
export const TONES = {
  brand: {
    stroke: 'stroke-brand-800',
    fill: 'fill-brand-800',
    swatch: 'border-brand-800',
    box: 'bg-brand-800',
  },
  red: { stroke: 'stroke-red-700', fill: 'fill-red-700', swatch: 'border-red-700', box: 'bg-red-700' },
  stone: {
    stroke: 'stroke-stone-400',
    fill: 'fill-stone-400',
    swatch: 'border-stone-400',
    box: 'bg-stone-400',
  },
} as const;
export type ChartTone = keyof typeof TONES;

export interface ChartSeries {
  key: string;
  label: string;
  tone: ChartTone;
  values: readonly (number | null)[];
  /** A line (default) or bars. */
  type?: 'line' | 'bar';
  /** The left axis (default) or the right one. */
  axis?: 'left' | 'right';
  dashed?: boolean;
  /** A dot on each value of a line. */
  dots?: boolean;
  /** Join a line across missing values. */
  connect?: boolean;
  /** A value in the tooltip and the table. */
  format: (value: number) => string;
}

/** The plot's top and bottom margins (the bottom one holds the x labels), and the labels' type size. */
export const TOP = 10;
export const BOTTOM = 24;
export const FONT = 12;

/** A value of a series at an x index, or null when it has none there. */
export function valueAt(s: ChartSeries, index: number): number | null {
  return s.values[index] ?? null;
}
