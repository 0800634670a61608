// What every analysis result shows: its method and source, the inputs used, what was estimated, recommendations.
import { useTranslation } from 'react-i18next';
import type { TAnalysisData } from '../../../../contract/analysis';
import { SENSOR_TYPES } from '../../../../contract/crops';
import type { TAnalysisWeather } from '../../../../contract/weather';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAgronomyText } from '../hooks/use-agronomy-text';

export function Recommendations({ data }: { data: TAnalysisData }) {
  const { t } = useTranslation('farms');
  const text = useAgronomyText();
  return (
    <section aria-labelledby="recommendations-title">
      <h3 id="recommendations-title" className="text-sm font-semibold text-stone-900">
        {t('result.recommendations')}
      </h3>
      {data.recommendations.length === 0 ? (
        <p className="text-sm text-stone-600">{t('result.noRecommendations')}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-800">
          {data.recommendations.map((rec) => (
            <li key={`${rec.key}:${JSON.stringify(rec.params)}`}>{text(rec)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whose weather the analysis read (catalogue `weather`), or null for results stored before the provider. */
function weatherLine(
  weather: TAnalysisWeather | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string | null {
  if (!weather || weather.used === 'none') {
    return null;
  }
  if (weather.used === 'farm') {
    return t('weather:analysis.farm');
  }
  if (weather.source === 'demo') {
    return t(weather.used === 'both' ? 'weather:analysis.bothDemo' : 'weather:analysis.demo');
  }
  if (weather.used === 'both') {
    return t('weather:analysis.both');
  }
  return weather.gridDegrees === null
    ? t('weather:analysis.providerNoGrid')
    : t('weather:analysis.provider', { grid: formatNumber(weather.gridDegrees, language) });
}

export function AnalysisDetails({ data, createdAt }: { data: TAnalysisData; createdAt: string }) {
  const { t, i18n } = useTranslation(['farms', 'agronomy', 'weather']);
  const text = useAgronomyText();
  const language = i18n.language;
  const { inputs } = data;
  const weather = weatherLine(inputs.weather, t, language);
  const counts = SENSOR_TYPES.filter((type) => inputs.readings[type] > 0).map(
    (type) => `${t(`sensorType.${type}`)} ${formatNumber(inputs.readings[type], language)}`,
  );
  const day = (iso: string) => formatDate(`${iso}T00:00:00`, language, 'PP');
  return (
    <div className="space-y-4 text-sm">
      <p className="text-xs text-stone-600">
        {t('result.generatedAt', { date: formatDate(createdAt, language, 'PPp') })}
      </p>
      <section>
        <h3 className="font-semibold text-stone-900">{t('result.method')}</h3>
        <p className="text-stone-800">{t(`agronomy:${data.method.key}`)}</p>
        <p className="text-xs text-stone-600" data-testid="method-source">
          {text(data.method.source)}
        </p>
        {data.methods.length > 1 ? (
          <ul className="mt-1 list-disc pl-5 text-xs text-stone-700">
            {data.methods.slice(1).map((m) => (
              <li key={m.key}>{t(`agronomy:${m.key}`)}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <section>
        <h3 className="font-semibold text-stone-900">{t('result.inputs')}</h3>
        <ul className="list-disc space-y-0.5 pl-5 text-stone-800">
          <li>
            {inputs.windowStart && inputs.windowEnd
              ? t('result.period', {
                  from: day(inputs.windowStart),
                  to: day(inputs.windowEnd),
                  days: inputs.days,
                  daysWithData: inputs.daysWithData,
                })
              : t('result.noPeriod')}
          </li>
          <li>
            {counts.length > 0 ? t('result.readings', { list: counts.join(', ') }) : t('result.noReadings')}
          </li>
          {weather ? <li data-testid="analysis-weather">{weather}</li> : null}
          <li>{t('result.surveys', { count: inputs.surveys })}</li>
          {inputs.cropStage !== null && inputs.daysSincePlanting !== null ? (
            <li>
              {t('result.stage', {
                stage: t(`agronomy:stage.${inputs.cropStage}`),
                days: inputs.daysSincePlanting,
              })}
            </li>
          ) : null}
        </ul>
      </section>
      <section>
        <h3 className="font-semibold text-stone-900">{t('result.missing')}</h3>
        {data.missing.length === 0 ? (
          <p className="text-stone-700">{t('result.nothingMissing')}</p>
        ) : (
          <ul className="list-disc space-y-0.5 pl-5 text-stone-800">
            {data.missing.map((m) => (
              <li key={`${m.key}:${JSON.stringify(m.params)}`}>{text(m)}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
