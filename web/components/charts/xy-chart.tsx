// A small SVG chart of lines (and optional bars on a second axis) over time or over equal bands such as months,
// drawn in a few milliseconds: grid, compact axis labels, legend, a tooltip on hover or tap (or from the keyboard:
// the chart takes focus, arrow keys, Home and End move the tooltip point by point, read out by a live region, and
// Escape hides it), and a visually hidden table of the values for screen readers. It fills its parent's width and height (measured, so
// text keeps its real size at any width).
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { type ChartLayout, chartLayout, useSize } from './chart-layout';
import { ChartActivePoint, ChartAxes, ChartBars, ChartLines } from './chart-plot';
import { ChartLegend, ChartTable, ChartTooltip, pointText } from './chart-readouts';
import { type ChartSeries, TOP } from './chart-series';
import { keyedIndex, nearestIndex } from './scale';

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

/** The point the tooltip shows: picked by the pointer (nearest x) or moved by the arrow keys, Home and End. */
function useActivePoint(px: readonly number[], width: number, count: number) {
  const [active, setActive] = useState<number | null>(null);
  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) * width) / Math.max(box.width, 1);
    setActive(nearestIndex(px, x));
  };
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const next = keyedIndex(event.key, active, count);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    }
  };
  return { active, setActive, pick, onKey };
}

type ActivePoint = ReturnType<typeof useActivePoint>;

/** The focusable SVG: axes, bars and lines clipped to the plot, and the active point's marker. */
function ChartSvg({
  label,
  id,
  layout,
  series,
  zero,
  height,
  point,
}: {
  label: string;
  id: string;
  layout: ChartLayout;
  series: ChartSeries[];
  zero: boolean;
  height: number;
  point: ActivePoint;
}) {
  const { x0, x1, y1, px, width } = layout;
  const { active, setActive, pick, onKey } = point;
  const activeX = active === null ? null : (px[active] ?? null);
  const lines = series.filter((s) => s.type !== 'bar');
  return (
    <svg
      role="img"
      aria-label={label}
      aria-describedby={`${id}-point`}
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
        <clipPath id={id}>
          <rect x={x0 - 4} y={TOP - 4} width={x1 - x0 + 8} height={y1 - TOP + 8} />
        </clipPath>
      </defs>
      <ChartAxes layout={layout} zero={zero} />
      <g clipPath={`url(#${id})`}>
        <ChartBars layout={layout} bars={series.filter((s) => s.type === 'bar')} />
        <ChartLines layout={layout} lines={lines} />
      </g>
      {active !== null && activeX !== null ? (
        <ChartActivePoint layout={layout} lines={lines} active={active} activeX={activeX} />
      ) : null}
    </svg>
  );
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
  const id = useId();
  const layout = useMemo(
    () =>
      chartLayout({ xs, xKind, series, width, height, zero, formatTick, formatLeftTick, formatRightTick }),
    [series, xs, xKind, width, height, zero, formatTick, formatLeftTick, formatRightTick],
  );
  const point = useActivePoint(layout.px, width, xs.length);
  const { active } = point;
  const activeX = active === null ? null : (layout.px[active] ?? null);
  const title = active === null ? '' : formatX(xs[active] as number);
  const tipLeft = activeX === null ? 0 : Math.min(Math.max(activeX, 84), Math.max(84, width - 84));
  return (
    <div className={cn('flex h-full w-full flex-col', className)}>
      <div ref={plotRef} className="relative min-h-0 flex-1">
        {size ? (
          <ChartSvg
            label={label}
            id={id}
            layout={layout}
            series={series}
            zero={zero}
            height={height}
            point={point}
          />
        ) : null}
        {active !== null && activeX !== null ? (
          <ChartTooltip series={series} active={active} title={title} left={tipLeft} separator={separator} />
        ) : null}
      </div>
      {/* The point the tooltip shows, read out as the arrow keys move it (the tooltip itself is drawn for the eye). */}
      <p id={`${id}-point`} aria-live="polite" className="sr-only" data-testid="chart-point">
        {active === null ? '' : pointText(series, active, title, separator)}
      </p>
      {legend ? <ChartLegend series={series} /> : null}
      {tableHeader ? (
        <ChartTable label={label} header={tableHeader} xs={xs} series={series} formatX={formatX} />
      ) : null}
    </div>
  );
}
