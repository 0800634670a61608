// The 7-day forecast as one column per day: weekday, highest temperature, the day's span between lowest and highest
// on a scale shared by the week, lowest temperature, and the rain as a bar with its millimetres. Plain HTML boxes
// rather than an SVG: the labels keep their real size at any width (7 columns fit a 320 px screen), nothing to load.
// A visually hidden table says every value for screen readers; the drawing itself is hidden from them.
import { useTranslation } from 'react-i18next';
import type { TWeatherDay } from '../../../../contract/weather';
import { formatAmount, formatCellDay, formatWhole } from '../weather-format';

/** The rain axis reaches at least this [mm], so that a day of drizzle does not fill its column. */
const RAIN_SCALE_MIN_MM = 20;
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

function weekRange(days: TWeatherDay[]) {
  const temps = days.flatMap((d) => [d.tMin, d.tMax]).filter((v): v is number => v !== null);
  const low = temps.length > 0 ? Math.min(...temps) : 0;
  const high = temps.length > 0 ? Math.max(...temps) : 1;
  const rains = days.map((d) => d.rainMm ?? 0);
  return { low, span: Math.max(high - low, 1), rainTop: Math.max(RAIN_SCALE_MIN_MM, ...rains) };
}

function DayColumn({
  day,
  range,
  language,
}: {
  day: TWeatherDay;
  range: ReturnType<typeof weekRange>;
  language: string;
}) {
  const { low, span, rainTop } = range;
  const dash = '–';
  const hasSpan = day.tMin !== null && day.tMax !== null;
  return (
    <li className="flex min-w-0 flex-col items-center gap-1 text-xs tabular-nums" data-testid="forecast-day">
      <span className="font-medium text-stone-900">
        {formatCellDay(day.date, language, { weekday: 'short' })}
      </span>
      <span className="text-red-800">{day.tMax === null ? dash : `${formatWhole(day.tMax, language)}°`}</span>
      <span className="relative h-14 w-2 rounded-full bg-stone-100">
        {hasSpan ? (
          <span
            className="absolute inset-x-0 rounded-full bg-amber-500"
            data-testid="temperature-span"
            style={{
              bottom: percent(((day.tMin as number) - low) / span),
              height: percent(Math.max(((day.tMax as number) - (day.tMin as number)) / span, 0.04)),
            }}
          />
        ) : null}
      </span>
      <span className="text-stone-600">
        {day.tMin === null ? dash : `${formatWhole(day.tMin, language)}°`}
      </span>
      <span className="flex h-12 w-5 items-end justify-center rounded-sm bg-sky-50">
        {day.rainMm !== null && day.rainMm > 0 ? (
          <span
            className="w-full rounded-sm bg-sky-600"
            data-testid="rain-bar"
            style={{ height: percent(Math.max(day.rainMm / rainTop, 0.04)) }}
          />
        ) : null}
      </span>
      <span className="text-sky-900">{day.rainMm === null ? dash : formatAmount(day.rainMm, language)}</span>
    </li>
  );
}

export function ForecastChart({ days }: { days: TWeatherDay[] }) {
  const { t, i18n } = useTranslation('weather');
  const language = i18n.language;
  const range = weekRange(days);
  const value = (v: number | null) => (v === null ? t('forecast.noData') : formatAmount(v, language));
  return (
    <figure className="space-y-2" data-testid="forecast-chart">
      <ol aria-hidden className="grid grid-cols-7 gap-1">
        {days.map((day) => (
          <DayColumn key={day.date} day={day} range={range} language={language} />
        ))}
      </ol>
      <figcaption aria-hidden className="text-xs text-stone-600">
        {t('forecast.legend')}
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{t('forecast.label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('forecast.day')}</th>
              <th scope="col">{t('forecast.rain')}</th>
              <th scope="col">{t('forecast.tMin')}</th>
              <th scope="col">{t('forecast.tMax')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  {formatCellDay(day.date, language, { weekday: 'long', day: 'numeric', month: 'long' })}
                </th>
                <td>{value(day.rainMm)}</td>
                <td>{value(day.tMin)}</td>
                <td>{value(day.tMax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
