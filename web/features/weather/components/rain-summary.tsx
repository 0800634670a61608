// The rain that fell: the last rain, and the last 7 and 30 days beside what each crop plan needed over them.
import { useTranslation } from 'react-i18next';
import type { TFarmWeather } from '../../../../contract/weather';
import { cropText, formatAmount, formatCellDay } from '../weather-format';

type Need = TFarmWeather['cropNeeds'][number];

function PeriodNeeds({
  days,
  rainMm,
  needs,
  needOf,
}: {
  days: 7 | 30;
  rainMm: number | null;
  needs: Need[];
  needOf: (need: Need) => number;
}) {
  const { t, i18n } = useTranslation(['weather', 'agronomy']);
  const mm = (value: number) => formatAmount(value, i18n.language);
  const plan = (need: Need) => {
    const crop = cropText(t, need.crop);
    return need.plotName ? t('rain.plan', { crop, plot: need.plotName }) : crop;
  };
  return (
    <li>
      <p className="font-medium text-stone-900" data-testid={`rain-${days}`}>
        {rainMm === null ? t(`rain.days${days}Unknown`) : t(`rain.days${days}`, { mm: mm(rainMm) })}
      </p>
      {needs.length > 0 ? (
        <ul className="list-disc pl-5 text-stone-700">
          {needs.map((need) => (
            <li key={need.planId}>
              {rainMm === null
                ? t('rain.needNoRain', { plan: plan(need), need: mm(needOf(need)) })
                : t('rain.need', { plan: plan(need), need: mm(needOf(need)), fell: mm(rainMm) })}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function RainSummary({ weather }: { weather: TFarmWeather }) {
  const { t, i18n } = useTranslation('weather');
  const language = i18n.language;
  const { lastRain, cropNeeds } = weather;
  return (
    <section aria-labelledby="weather-rain-title" className="space-y-2 text-sm">
      <h3 id="weather-rain-title" className="font-semibold text-stone-900">
        {t('rain.title')}
      </h3>
      <p data-testid="last-rain">
        {lastRain
          ? t('rain.last', {
              date: formatCellDay(lastRain.date, language, { day: 'numeric', month: 'short' }),
              mm: formatAmount(lastRain.mm, language),
            })
          : t('rain.noLast')}
      </p>
      <ul className="space-y-2">
        <PeriodNeeds days={7} rainMm={weather.rain7Mm} needs={cropNeeds} needOf={(n) => n.need7Mm} />
        <PeriodNeeds days={30} rainMm={weather.rain30Mm} needs={cropNeeds} needOf={(n) => n.need30Mm} />
      </ul>
      {cropNeeds.length > 0 ? <p className="text-xs text-stone-600">{t('rain.basis')}</p> : null}
    </section>
  );
}
