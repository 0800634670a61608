// The weather alerts that hold now, most urgent first: each says what to do, links the lesson that teaches it and,
// folded, says why (the rule's source).
import { useTranslation } from 'react-i18next';
import { LESSON_LINKS } from '../../../../contract/lessons-constants';
import type { TWeatherAlert } from '../../../../contract/weather';
import { LessonLink } from '../../../components/lesson-link';
import { alertTexts } from '../weather-format';

export function WeatherAlertList({ alerts }: { alerts: TWeatherAlert[] }) {
  const { t, i18n } = useTranslation(['weather', 'weather-alerts', 'agronomy']);
  if (alerts.length === 0) {
    return null;
  }
  return (
    <section aria-labelledby="weather-alerts-title" className="space-y-2">
      <h3 id="weather-alerts-title" className="text-sm font-semibold text-stone-900">
        {t('alerts.title')}
      </h3>
      <ul className="space-y-2">
        {alerts.map((alert) => {
          const text = alertTexts(alert, t, i18n.language);
          return (
            <li
              key={`${alert.kind}:${alert.planId ?? ''}:${alert.lotId ?? ''}:${alert.day}`}
              className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
              data-testid="weather-alert"
            >
              <p className="font-semibold text-stone-900">{text.title}</p>
              <p className="text-stone-800">{text.body}</p>
              <LessonLink slug={LESSON_LINKS.alert[alert.kind]} />
              <details className="mt-1">
                <summary className="flex cursor-pointer items-center text-brand-800">
                  {t('alerts.why')}
                </summary>
                <p className="text-xs text-stone-700">{text.basis}</p>
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
