// The figures of each analysis type, with the spec's decimals (yield 2, percents 1).
import { useTranslation } from 'react-i18next';
import type {
  TPestRiskData,
  TResourceOptimizationData,
  TTypicalYield,
  TYieldPredictionData,
} from '../../../../contract/analysis';
import { LESSON_LINKS } from '../../../../contract/lessons-constants';
import { LessonLink } from '../../../components/lesson-link';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAgronomyText } from '../hooks/use-agronomy-text';
import { Stat } from './stat';

function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    number: (value: number, decimals: number) => formatNumber(value, language, decimals),
    percent: (fraction: number) => `${formatNumber(fraction * 100, language, 1)} %`,
  };
}

export function YieldResult({ data }: { data: TYieldPredictionData }) {
  const { t } = useTranslation('farms');
  return (
    <div className="space-y-4">
      <YieldFigures data={data} />
      {data.estimate === 'water_limited_potential' && (
        <p className="text-sm text-muted-foreground" data-testid="yield-potential-note">
          {t('yield.potentialNote')}
        </p>
      )}
      {data.typicalYields !== undefined && <TypicalYields yields={data.typicalYields} />}
    </div>
  );
}

function YieldFigures({ data }: { data: TYieldPredictionData }) {
  const { t } = useTranslation('farms');
  const f = useFormat();
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Stat
        label={t('yield.predictedYield')}
        value={t('yield.tonsPerHectare', { value: f.number(data.predictedYield, 2) })}
        testId="predicted-yield"
      />
      <Stat label={t('yield.confidence')} value={f.percent(data.confidenceScore)} testId="confidence" />
      <Stat
        label={t('yield.attainable')}
        value={t('yield.tonsPerHectare', { value: f.number(data.attainableYield, 2) })}
      />
      <Stat label={t('yield.waterStress')} value={f.number(data.waterStressFactor, 2)} />
      <Stat label={t('yield.heat')} value={f.number(data.heatFactor, 2)} />
      <Stat
        label={t('yield.gdd')}
        value={t('yield.gddValue', {
          accumulated: f.number(data.gdd.accumulated, 0),
          expected: f.number(data.gdd.expected, 0),
          base: f.number(data.gdd.base, 0),
        })}
      />
    </dl>
  );
}

/** What farms of the deployment's country commonly harvest, each figure with where, when and its source. */
function TypicalYields({ yields }: { yields: readonly TTypicalYield[] }) {
  const { t } = useTranslation('farms');
  const f = useFormat();
  return (
    <section aria-labelledby="typical-yields-title" className="space-y-2" data-testid="typical-yields">
      <h3 id="typical-yields-title" className="font-medium">
        {t('yield.typicalTitle')}
      </h3>
      {yields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('yield.noTypical')}</p>
      ) : (
        <ul className="space-y-2">
          {yields.map((y) => {
            const product = t(`yield.typical.product.${y.product}`);
            const scope = t(`yield.typical.scope.${y.scope}`, {
              country: t(`yield.typical.country.${y.country}`),
            });
            return (
              <li key={`${y.scope}-${y.crop ?? 'cereals'}`} className="text-sm">
                <span className="font-medium">
                  {y.low === y.high
                    ? t('yield.typicalValue', { value: f.number(y.low, 2), product })
                    : t('yield.typicalRange', {
                        low: f.number(y.low, 2),
                        high: f.number(y.high, 2),
                        product,
                      })}
                </span>{' '}
                {y.crop === null
                  ? t('yield.typicalWhereCereals', {
                      scope,
                      cereals: t('yield.typical.allCereals'),
                      period: y.period,
                    })
                  : t('yield.typicalWhere', { scope, period: y.period })}
                <br />
                <span className="text-muted-foreground">
                  {t('yield.typicalSource', { citation: y.citation })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function ResourcesResult({ data }: { data: TResourceOptimizationData }) {
  const { t } = useTranslation(['farms', 'agronomy']);
  const f = useFormat();
  const mm = (value: number) => t('resources.mm', { value: f.number(value, 1) });
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label={t('resources.current')} value={mm(data.waterUsage.current)} testId="water-current" />
        <Stat label={t('resources.recommended')} value={mm(data.waterUsage.recommended)} />
        <Stat
          label={t('resources.savings')}
          value={`${f.number(data.waterUsage.savings, 1)} %`}
          testId="water-savings"
        />
        <Stat label={t('resources.et0')} value={t('resources.mmPerDay', { value: f.number(data.et0, 1) })} />
        <Stat label={t('resources.etc')} value={mm(data.etc)} />
        <Stat label={t('resources.effectiveRain')} value={mm(data.effectiveRainfall)} />
      </dl>
      {data.et0Daily.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full max-w-2xl text-left text-sm">
            <caption className="mb-1 text-left font-semibold text-stone-900">
              {t('resources.dailyTitle')}
            </caption>
            <thead className="text-xs text-stone-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  {t('resources.date')}
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  ET0
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('resources.method')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.et0Daily.map((day) => (
                <tr key={day.date} className="border-t border-stone-100">
                  <td className="whitespace-nowrap py-1 pr-4">
                    {formatDate(`${day.date}T00:00:00`, f.language, 'PP')}
                  </td>
                  <td className="whitespace-nowrap py-1 pr-4">
                    {t('resources.mmPerDay', { value: f.number(day.et0, 1) })}
                  </td>
                  {/* A method's name holds long words ("Évapotranspiration"): they break, so the table fits a phone. */}
                  <td className="py-1 hyphens-auto [overflow-wrap:anywhere]">
                    {t(`agronomy:method.${day.method}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function RisksResult({ data }: { data: TPestRiskData }) {
  const { t } = useTranslation('farms');
  const f = useFormat();
  const text = useAgronomyText();
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Stat label={t('risks.riskScore')} value={f.percent(data.riskScore)} testId="risk-score" />
      </dl>
      <section>
        <h3 className="text-sm font-semibold text-stone-900">{t('risks.risksFound')}</h3>
        {data.risks.length === 0 ? (
          <p className="text-sm text-stone-600">{t('risks.noRisks')}</p>
        ) : (
          <ul className="mt-1 space-y-2 text-sm">
            {data.risks.map((risk) => (
              <li
                key={`${risk.name.key}:${JSON.stringify(risk.name.params)}`}
                className="rounded-md border border-stone-200 p-2"
              >
                <p className="font-medium text-stone-900">
                  {text(risk.name)} · {f.percent(risk.score)}
                </p>
                <p className="text-stone-700">{text(risk.reason)}</p>
                <RiskLesson risk={risk.name.key} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The lesson for a pest the analysis found a risk of (`risk.late_blight`, `risk.fall_armyworm`). */
function RiskLesson({ risk }: { risk: string }) {
  const slug = (LESSON_LINKS.risk as Readonly<Record<string, string>>)[risk.replace(/^risk\./, '')];
  return slug === undefined ? null : <LessonLink slug={slug} />;
}
