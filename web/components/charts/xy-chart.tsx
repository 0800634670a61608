// A small SVG chart of lines (and optional bars on a second axis) over time or over equal bands such as months,
// drawn in a few milliseconds: grid, compact axis labels, legend, a tooltip on hover or tap (or from the keyboard:
// the chart takes focus, arrow keys, Home and End move the tooltip point by point, read out by a live region, and
// Escape hides it), and a visually hidden table of the values for screen readers. It fills its parent's width and height (measured, so
// text keeps its real size at any width).
import {
  type KeyboardEvent,
  type PointerEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import {
  bandCentres,
  keyedIndex,
  labelStride,
  labelWidth,
  linearScale,
  linePath,
  nearestIndex,
  niceTicks,
  timeTicks,
} from './scale';

/** Colours from the Tailwind theme (full class names, so that Tailwind generates them). */
const TONES = {
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

export interface XYChartProps {
  /** The chart's accessible name (and the hidden table's caption). */
  label: string;
  /** Ascending x values: times (ms since the epoch) with `xKind` 'time', or one per band with 'band'. */
  xs: readonly number[];
  xKind: 'time' | 'band';
  series: ChartSeries[];
  /** An x axis label; `unit` says whether time ticks are whole hours or days. */
  formatTick: (x: number, unit: 'hour' | 'day') => string;
  /** An x value in full (tooltip, table). */
  formatX: (x: number) => string;
  formatLeftTick: (value: number) => string;
  formatRightTick?: (value: number) => string;
  /** Start the left axis at zero and draw the zero line. */
  zero?: boolean;
  legend?: boolean;
  /** The hidden table's first column heading; no table without it (a long series is summed up in `label`). */
  tableHeader?: string;
  className?: string;
}

const TOP = 10;
const BOTTOM = 24;
const FONT = 12;

function useSize<T extends HTMLElement>() {
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

export function XYChart({
  label,
  xs,
  xKind,
  series,
  formatTick,
  formatX,
  formatLeftTick,
  formatRightTick = formatLeftTick,
  zero = false,
  legend = false,
  tableHeader,
  className,
}: XYChartProps) {
  const { t } = useTranslation('common');
  const separator = t('chart.separator');
  const [plotRef, size] = useSize<HTMLDivElement>();
  const { width, height } = size ?? { width: 0, height: 0 };
  const [active, setActive] = useState<number | null>(null);
  const clipId = useId();

  const layout = useMemo(() => {
    const left = series.filter((s) => s.axis !== 'right');
    const right = series.filter((s) => s.axis === 'right');
    const [leftMin, leftMax] = extent(left);
    const leftTicks = zero
      ? niceTicks(Math.min(0, leftMin), Math.max(0, leftMax), 5)
      : niceTicks(leftMin, leftMax, 5);
    const [, rightMax] = extent(right);
    const rightTicks = right.length > 0 ? niceTicks(0, Math.max(0, rightMax), 5) : null;
    const leftLabels = leftTicks.ticks.map(formatLeftTick);
    const rightLabels = rightTicks?.ticks.map(formatRightTick) ?? [];
    const x0 = Math.max(28, ...leftLabels.map(labelWidth)) + 8;
    const x1 = width - (rightTicks ? Math.max(28, ...rightLabels.map(labelWidth)) + 8 : 12);
    const y1 = height - BOTTOM;
    const y = linearScale([leftTicks.min, leftTicks.max], [y1, TOP]);
    const yRight = rightTicks ? linearScale([rightTicks.min, rightTicks.max], [y1, TOP]) : y;
    let px: number[];
    let xTicks: { x: number; text: string }[];
    let band = 0;
    if (xKind === 'band') {
      px = bandCentres(xs.length, x0, x1);
      band = (x1 - x0) / Math.max(xs.length, 1);
      const texts = xs.map((x) => formatTick(x, 'day'));
      const stride = labelStride(xs.length, x1 - x0, Math.max(...texts.map(labelWidth), 0) + 12);
      xTicks = texts
        .map((text, i) => ({ x: px[i] as number, text, show: (xs.length - 1 - i) % stride === 0 }))
        .filter((tick) => tick.show);
    } else {
      const first = xs[0] ?? 0;
      const last = xs[xs.length - 1] ?? first;
      const x = linearScale([first, last], [x0, x1]);
      px = xs.map(x);
      const { ticks, unit } = timeTicks(first, last, Math.floor((x1 - x0) / 64));
      xTicks = ticks.map((tick) => ({ x: x(tick), text: formatTick(tick, unit) }));
    }
    return { leftTicks, leftLabels, rightTicks, rightLabels, x0, x1, y1, y, yRight, px, xTicks, band };
  }, [series, xs, xKind, width, height, zero, formatTick, formatLeftTick, formatRightTick]);

  const { leftTicks, leftLabels, rightTicks, rightLabels, x0, x1, y1, y, yRight, px, xTicks, band } = layout;
  const scaleOf = (s: ChartSeries) => (s.axis === 'right' ? yRight : y);
  const bars = series.filter((s) => s.type === 'bar');
  const barWidth = bars.length > 0 ? Math.max(1, Math.min(24, (band * 0.7) / bars.length)) : 0;

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) * width) / Math.max(box.width, 1);
    setActive(nearestIndex(px, x));
  };
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const next = keyedIndex(event.key, active, xs.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    }
  };
  const activeX = active === null ? null : (px[active] ?? null);
  const tipLeft = activeX === null ? 0 : Math.min(Math.max(activeX, 84), Math.max(84, width - 84));

  return (
    <div className={cn('flex h-full w-full flex-col', className)}>
      <div ref={plotRef} className="relative min-h-0 flex-1">
        {size ? (
          <svg
            role="img"
            aria-label={label}
            aria-describedby={`${clipId}-point`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes arrow keys to move its tooltip point by point
            tabIndex={0}
            className="absolute inset-0 h-full w-full touch-pan-y select-none rounded focus-visible:outline-2 focus-visible:outline-brand-700"
            viewBox={`0 0 ${width} ${height}`}
            onKeyDown={onKey}
            onBlur={() => setActive(null)}
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={(event) => {
              if (event.pointerType === 'mouse') {
                setActive(null);
              }
            }}
          >
            <defs>
              <clipPath id={clipId}>
                <rect x={x0 - 4} y={TOP - 4} width={x1 - x0 + 8} height={y1 - TOP + 8} />
              </clipPath>
            </defs>
            <g className="stroke-stone-200" strokeDasharray="3 3">
              {leftTicks.ticks.map((tick) => (
                <line key={tick} x1={x0} x2={x1} y1={y(tick)} y2={y(tick)} />
              ))}
            </g>
            {zero && leftTicks.min < 0 ? (
              <line className="stroke-stone-400" x1={x0} x2={x1} y1={y(0)} y2={y(0)} />
            ) : null}
            <line className="stroke-stone-300" x1={x0} x2={x1} y1={y1} y2={y1} />
            <g className="fill-stone-600" fontSize={FONT}>
              {leftTicks.ticks.map((tick, i) => (
                <text key={tick} x={x0 - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                  {leftLabels[i]}
                </text>
              ))}
              {rightTicks?.ticks.map((tick, i) => (
                <text key={tick} x={x1 + 6} y={yRight(tick)} dy="0.32em">
                  {rightLabels[i]}
                </text>
              ))}
              {xTicks.map((tick) => {
                const half = labelWidth(tick.text) / 2;
                const x = Math.min(Math.max(tick.x, half + 2), width - half - 2);
                return (
                  <text key={`${tick.x}`} x={x} y={y1 + 16} textAnchor="middle">
                    {tick.text}
                  </text>
                );
              })}
            </g>
            <g clipPath={`url(#${clipId})`}>
              {bars.map((s, b) => {
                const scale = scaleOf(s);
                const base = scale(
                  Math.max(0, rightTicks && s.axis === 'right' ? rightTicks.min : leftTicks.min),
                );
                return (
                  <g key={s.key} className={TONES[s.tone].fill}>
                    {s.values.map((value, i) => {
                      if (value === null || !(value > 0)) {
                        return null;
                      }
                      const top = scale(value);
                      const x = (px[i] as number) - (barWidth * bars.length) / 2 + b * barWidth;
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: one bar per x value, in order
                        <rect key={i} x={x} y={top} width={barWidth} height={Math.max(0, base - top)} />
                      );
                    })}
                  </g>
                );
              })}
              {series
                .filter((s) => s.type !== 'bar')
                .map((s) => {
                  const scale = scaleOf(s);
                  const ys = s.values.map((value) => (value === null ? null : scale(value)));
                  return (
                    <g key={s.key}>
                      <path
                        d={linePath(px, ys, s.connect)}
                        fill="none"
                        className={TONES[s.tone].stroke}
                        strokeWidth={2}
                        strokeLinejoin="round"
                        strokeLinecap="round"
                        strokeDasharray={s.dashed ? '6 3' : undefined}
                      />
                      {s.dots ? (
                        <g className={cn(TONES[s.tone].stroke, 'fill-white')} strokeWidth={2}>
                          {ys.map((value, i) =>
                            value === null ? null : (
                              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per x value, in order
                              <circle key={i} cx={px[i]} cy={value} r={3} />
                            ),
                          )}
                        </g>
                      ) : null}
                    </g>
                  );
                })}
            </g>
            {active !== null && activeX !== null ? (
              <g>
                <line className="stroke-stone-400" x1={activeX} x2={activeX} y1={TOP} y2={y1} />
                {series
                  .filter((s) => s.type !== 'bar')
                  .map((s) => {
                    const value = s.values[active];
                    return value === null || value === undefined ? null : (
                      <circle
                        key={s.key}
                        cx={activeX}
                        cy={scaleOf(s)(value)}
                        r={4}
                        className={cn(TONES[s.tone].fill, 'stroke-white')}
                        strokeWidth={2}
                      />
                    );
                  })}
              </g>
            ) : null}
          </svg>
        ) : null}
        {active !== null && activeX !== null ? (
          <div
            aria-hidden
            data-testid="chart-tooltip"
            className="pointer-events-none absolute top-0 z-10 w-max max-w-[168px] -translate-x-1/2 rounded border border-stone-200 bg-white px-2 py-1 text-xs shadow-sm"
            style={{ left: tipLeft }}
          >
            <p className="font-medium text-stone-900">{formatX(xs[active] as number)}</p>
            {series.map((s) => {
              const value = s.values[active];
              return value === null || value === undefined ? null : (
                <p key={s.key} className="flex items-center gap-1 text-stone-700">
                  <span className={cn('inline-block size-2 shrink-0 rounded-full', TONES[s.tone].box)} />
                  <span>
                    {s.label}
                    <span data-testid="chart-tooltip-separator">{separator}</span>
                    <span className="tabular-nums">{s.format(value)}</span>
                  </span>
                </p>
              );
            })}
          </div>
        ) : null}
      </div>
      {/* The point the tooltip shows, read out as the arrow keys move it (the tooltip itself is drawn for the eye). */}
      <p id={`${clipId}-point`} aria-live="polite" className="sr-only" data-testid="chart-point">
        {active === null
          ? ''
          : [
              formatX(xs[active] as number),
              ...series.flatMap((s) => {
                const value = s.values[active];
                return value === null || value === undefined
                  ? []
                  : [`${s.label}${separator}${s.format(value)}`];
              }),
            ].join(', ')}
      </p>
      {legend ? (
        <ul
          data-testid="chart-legend"
          className="flex flex-wrap justify-center gap-x-4 pt-1 text-sm text-stone-700"
        >
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span
                aria-hidden
                className={cn(
                  'inline-block',
                  s.type === 'bar'
                    ? cn('h-2.5 w-3', TONES[s.tone].box)
                    : cn('w-4 border-t-2', TONES[s.tone].swatch, s.dashed && 'border-dashed'),
                )}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {tableHeader ? (
        // The box is what is visually hidden, not the table: a table is never narrower than its columns, so a
        // 1-px table still spread the page past a phone's width.
        <div className="sr-only">
          <table>
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">{tableHeader}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {xs.map((x, i) => (
                <tr key={x}>
                  <th scope="row">{formatX(x)}</th>
                  {series.map((s) => {
                    const value = s.values[i];
                    return (
                      <td key={s.key}>{value === null || value === undefined ? '' : s.format(value)}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
