// A market's trend as a plain SVG line, 60 px high: seven of these drawn with the chart library cost most of the
// marketplace's first-render time on a slow phone, for a shape that needs no axes, tooltip or library.
import type { ChangeDirection } from '../format';

const HEIGHT = 60;
const PAD = 4;

/** The polyline's points in a 100 × 60 box (x stretched to the card's width), lowest value at the bottom. */
export function sparklinePoints(values: number[]): string {
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  const last = Math.max(values.length - 1, 1);
  return values
    .map((value, index) => {
      const x = (index / last) * 100;
      const y = span === 0 ? HEIGHT / 2 : PAD + (1 - (value - min) / span) * (HEIGHT - 2 * PAD);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The line's colour: green up, red down, grey when the price did not move. */
const STROKES: Record<ChangeDirection, string> = { up: '#15803d', down: '#b91c1c', flat: '#57534e' };

export function Sparkline({ values, direction }: { values: number[]; direction: ChangeDirection }) {
  return (
    <svg
      aria-hidden
      data-testid="sparkline"
      className="block h-[60px] w-full"
      viewBox={`0 0 100 ${HEIGHT}`}
      preserveAspectRatio="none"
    >
      <polyline
        points={sparklinePoints(values)}
        fill="none"
        stroke={STROKES[direction]}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
