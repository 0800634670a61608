// The drawing inside an XY chart's SVG: the grid and the axes' labels, the bars, the lines, and the marker on the
// point the tooltip shows.
import { cn } from '../../lib/cn';
import type { ChartLayout } from './chart-layout';
import { scaleOf } from './chart-layout';
import { type ChartSeries, FONT, TONES, TOP, valueAt } from './chart-series';
import { labelWidth, linePath } from './scale';

/** Dashed grid lines at the left ticks, the zero line when asked and below zero, the x axis, and the tick labels. */
export function ChartAxes({ layout, zero }: { layout: ChartLayout; zero: boolean }) {
  const { leftTicks, leftLabels, rightTicks, rightLabels, x0, x1, y1, y, yRight, xTicks, width } = layout;
  return (
    <>
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
    </>
  );
}

/** The bar series side by side in each band, from the axis's floor (or zero) up; values of zero or less draw none. */
export function ChartBars({ layout, bars }: { layout: ChartLayout; bars: ChartSeries[] }) {
  const { band, leftTicks, rightTicks, px } = layout;
  const barWidth = bars.length > 0 ? Math.max(1, Math.min(24, (band * 0.7) / bars.length)) : 0;
  return bars.map((s, b) => {
    const scale = scaleOf(layout, s);
    const base = scale(Math.max(0, rightTicks && s.axis === 'right' ? rightTicks.min : leftTicks.min));
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
  });
}

/** The line series, dashed or dotted as each asks. */
export function ChartLines({ layout, lines }: { layout: ChartLayout; lines: ChartSeries[] }) {
  const { px } = layout;
  return lines.map((s) => {
    const scale = scaleOf(layout, s);
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
  });
}

/** A vertical rule at the active x and a dot on each line's value there. */
export function ChartActivePoint({
  layout,
  lines,
  active,
  activeX,
}: {
  layout: ChartLayout;
  lines: ChartSeries[];
  active: number;
  activeX: number;
}) {
  return (
    <g>
      <line className="stroke-stone-400" x1={activeX} x2={activeX} y1={TOP} y2={layout.y1} />
      {lines.map((s) => {
        const value = valueAt(s, active);
        return value === null ? null : (
          <circle
            key={s.key}
            cx={activeX}
            cy={scaleOf(layout, s)(value)}
            r={4}
            className={cn(TONES[s.tone].fill, 'stroke-white')}
            strokeWidth={2}
          />
        );
      })}
    </g>
  );
}
