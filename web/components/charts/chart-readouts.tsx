// What an XY chart says beside its drawing: the tooltip for the eye, the same point read out for a screen reader,
// the legend, and the visually hidden table of every value.
import { cn } from '../../lib/cn';
import { type ChartSeries, TONES, valueAt } from './chart-series';

/** The active x in full and each series' value there, placed over the plot and kept inside it. */
export function ChartTooltip({
  series,
  active,
  title,
  left,
  separator,
}: {
  series: ChartSeries[];
  active: number;
  title: string;
  left: number;
  separator: string;
}) {
  return (
    <div
      aria-hidden
      data-testid="chart-tooltip"
      className="pointer-events-none absolute top-0 z-10 w-max max-w-[168px] -translate-x-1/2 rounded border border-stone-200 bg-white px-2 py-1 text-xs shadow-sm"
      style={{ left }}
    >
      <p className="font-medium text-stone-900">{title}</p>
      {series.map((s) => {
        const value = valueAt(s, active);
        return value === null ? null : (
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
  );
}

/** The tooltip's point as one sentence: the x in full, then each series' label and value. */
export function pointText(series: ChartSeries[], active: number, title: string, separator: string): string {
  return [
    title,
    ...series.flatMap((s) => {
      const value = valueAt(s, active);
      return value === null ? [] : [`${s.label}${separator}${s.format(value)}`];
    }),
  ].join(', ');
}

export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
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
  );
}

/** Every value, one row per x, for screen readers. */
export function ChartTable({
  label,
  header,
  xs,
  series,
  formatX,
}: {
  label: string;
  header: string;
  xs: readonly number[];
  series: ChartSeries[];
  formatX: (x: number) => string;
}) {
  return (
    // The box is what is visually hidden, not the table: a table is never narrower than its columns, so a
    // 1-px table still spread the page past a phone's width.
    <div className="sr-only">
      <table>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
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
                const value = valueAt(s, i);
                return <td key={s.key}>{value === null ? '' : s.format(value)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
