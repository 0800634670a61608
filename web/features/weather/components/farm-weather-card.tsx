// The farm page's weather card: alerts for the farm's crop plans, the 7-day forecast, the rain that fell against
// what the crops needed, and where and when the figures came from. Not drawn when no provider is configured.
import { useTranslation } from 'react-i18next';
import type { TFarmWeather } from '../../../../contract/weather';
import { BlockSpinner, ERROR_SMALL, QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useFarmWeather } from '../../../lib/queries/weather';
import { formatAmount, formatUpdated } from '../weather-format';
import { ForecastChart } from './forecast-chart';
import { RainSummary } from './rain-summary';
import { WeatherAlertList } from './weather-alert-list';

/** Where the figures came from and when: "From Open-Meteo, 0.1° grid · Updated 14:05". */
function Provenance({ weather }: { weather: TFarmWeather }) {
  const { t, i18n } = useTranslation('weather');
  const language = i18n.language;
  const source =
    weather.source === 'open-meteo'
      ? t('source.open-meteo', { grid: formatAmount(weather.grid.degrees, language) })
      : weather.source === 'demo'
        ? t('source.demo')
        : null;
  const updated = weather.updatedAt
    ? t('updated', { time: formatUpdated(weather.updatedAt, language) })
    : null;
  return (
    <CardDescription data-testid="weather-source">
      {[source, updated].filter(Boolean).join(' · ')}
    </CardDescription>
  );
}

function WeatherBody({ weather }: { weather: TFarmWeather }) {
  const { t, i18n } = useTranslation('weather');
  const stale = weather.status === 'stale' && weather.updatedAt !== null;
  if (weather.status === 'no_location') {
    return (
      <p role="status" className="text-sm text-stone-700" data-testid="weather-no-location">
        {t('noLocation')}
      </p>
    );
  }
  if (weather.status === 'pending' || (weather.status === 'stale' && weather.updatedAt === null)) {
    return (
      <p role="status" className="text-sm text-stone-700">
        {t('pending')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {stale ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="weather-stale"
        >
          {t('stale', { date: formatDate(weather.updatedAt as string, i18n.language, 'PPp') })}
        </p>
      ) : null}
      <WeatherAlertList alerts={weather.alerts} />
      {weather.forecast.length > 0 ? (
        <section aria-labelledby="weather-forecast-title" className="space-y-2">
          <h3 id="weather-forecast-title" className="text-sm font-semibold text-stone-900">
            {t('forecast.title')}
          </h3>
          <ForecastChart days={weather.forecast} />
        </section>
      ) : null}
      <RainSummary weather={weather} />
    </div>
  );
}

export function FarmWeatherCard({ farmId }: { farmId: number }) {
  const { t } = useTranslation('weather');
  const query = useFarmWeather(farmId);
  if (query.isSuccess && query.data.status === 'off') {
    return null;
  }
  return (
    <Card data-testid="farm-weather">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        {query.isSuccess ? <Provenance weather={query.data} /> : null}
      </CardHeader>
      <CardContent>
        {query.isSuccess ? (
          <WeatherBody weather={query.data} />
        ) : (
          <QueryState
            query={query}
            error={t('loadError')}
            errorClassName={ERROR_SMALL}
            pending={<BlockSpinner className="py-6" />}
          />
        )}
      </CardContent>
    </Card>
  );
}
