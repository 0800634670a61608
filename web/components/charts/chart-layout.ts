// Where an XY chart's parts go at its measured size: the plot's box, the y scales and ticks of both axes, the x
// position of every value and the x labels that fit.
import { useLayoutEffect, useRef, useState } from 'react';
import { BOTTOM, type ChartSeries, TOP } from './chart-series';
import { bandCentres, labelStride, labelWidth, linearScale, niceTicks, timeTicks } from './scale';

export interface ChartLayoutInput {
  xs: readonly number[];
  xKind: 'time' | 'band';
  series: ChartSeries[];
  width: number;
  height: number;
  zero: boolean;
  formatTick: (x: number, unit: 'hour' | 'day') => string;
  formatLeftTick: (value: number) => string;
  formatRightTick: (value: number) => string;
}

export type ChartLayout = ReturnType<typeof chartLayout>;

/** The parent's size, measured before the first paint and again whenever it changes. */
export function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // Unknown until measured (before the first paint): the chart is drawn once, at its real size.
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) {
      return;
    }
    const measure = () => {
      const width = node.clientWidth;
      const height = node.clientHeight;
      if (width > 0 && height > 0) {
        setSize((old) => (old?.width === width && old?.height === height ? old : { width, height }));
      }
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

function extent(series: ChartSeries[]): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    for (const value of s.values) {
      if (value !== null && Number.isFinite(value)) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
    }
  }
  return [min, max];
}

/** The x position of every value and the x labels that fit between x0 and x1 (every stride-th band, or time ticks). */
function xAxis(input: ChartLayoutInput, x0: number, x1: number) {
  const { xs, formatTick } = input;
  if (input.xKind === 'band') {
    const px = bandCentres(xs.length, x0, x1);
    const band = (x1 - x0) / Math.max(xs.length, 1);
    const texts = xs.map((x) => formatTick(x, 'day'));
    const stride = labelStride(xs.length, x1 - x0, Math.max(...texts.map(labelWidth), 0) + 12);
    const xTicks = texts
      .map((text, i) => ({ x: px[i] as number, text, show: (xs.length - 1 - i) % stride === 0 }))
      .filter((tick) => tick.show);
    return { px, xTicks, band };
  }
  const first = xs[0] ?? 0;
  const last = xs[xs.length - 1] ?? first;
  const x = linearScale([first, last], [x0, x1]);
  const { ticks, unit } = timeTicks(first, last, Math.floor((x1 - x0) / 64));
  return {
    px: xs.map(x),
    xTicks: ticks.map((tick) => ({ x: x(tick), text: formatTick(tick, unit) })),
    band: 0,
  };
}

export function chartLayout(input: ChartLayoutInput) {
  const { series, width, height, zero } = input;
  const left = series.filter((s) => s.axis !== 'right');
  const right = series.filter((s) => s.axis === 'right');
  const [leftMin, leftMax] = extent(left);
  const leftTicks = zero
    ? niceTicks(Math.min(0, leftMin), Math.max(0, leftMax), 5)
    : niceTicks(leftMin, leftMax, 5);
  const [, rightMax] = extent(right);
  const rightTicks = right.length > 0 ? niceTicks(0, Math.max(0, rightMax), 5) : null;
  const leftLabels = leftTicks.ticks.map(input.formatLeftTick);
  const rightLabels = rightTicks?.ticks.map(input.formatRightTick) ?? [];
  const x0 = Math.max(28, ...leftLabels.map(labelWidth)) + 8;
  const x1 = width - (rightTicks ? Math.max(28, ...rightLabels.map(labelWidth)) + 8 : 12);
  const y1 = height - BOTTOM;
  const y = linearScale([leftTicks.min, leftTicks.max], [y1, TOP]);
  const yRight = rightTicks ? linearScale([rightTicks.min, rightTicks.max], [y1, TOP]) : y;
  const { px, xTicks, band } = xAxis(input, x0, x1);
  return { leftTicks, leftLabels, rightTicks, rightLabels, x0, x1, y1, y, yRight, px, xTicks, band, width };
}

/** The y scale a series is drawn on. */
export const scaleOf = (layout: ChartLayout, s: ChartSeries) =>
  s.axis === 'right' ? layout.yRight : layout.y;
