// The yield to expect from a plan, always labelled an estimate with what it rests on and how sure it is: the
// water-limited potential, what farms of the country usually harvest, the farm's own harvests, each with its
// source; and once harvested, the yield per hectare weighed against it.
import { useTranslation } from 'react-i18next';
import type { TCropPlan } from '../../../../contract/crop-plans';
import { Badge } from '../../../components/ui/badge';
import { useCropFormat } from './use-crop-format';

type WithYield = Pick<TCropPlan, 'expectedYield' | 'harvested' | 'area'>;

export function ExpectedYield({ plan }: { plan: WithYield }) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const y = plan.expectedYield;
  const source = (text: string) =>
    t('yield.source', { source: t(`agronomy:source.${text}`, { defaultValue: text, citation: '' }) });
  return (
    <section className="flex flex-col gap-3" data-testid="expected-yield">
      <div className="flex flex-wrap items-baseline gap-2">
        <p className="text-2xl font-bold" data-testid="expected-per-hectare">
          {f.perHectare(y.perHectare)}
        </p>
        <Badge variant="outline">{t('yield.estimate')}</Badge>
        <p className="text-sm text-stone-600">
          {t('yield.total', { value: f.number(y.total, 2), area: f.number(plan.area) })}
        </p>
      </div>
      <p className="text-xs text-stone-600">{t('yield.estimateNote')}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t('yield.basis')}</dt>
          <dd className="font-medium">{t(`yield.bases.${y.basis}`)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('yield.confidence')}</dt>
          <dd className="font-medium">{t(`yield.confidences.${y.confidence}`)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('yield.potential')}</dt>
          <dd className="font-medium">
            {f.perHectare(y.potential.perHectare)}
            {y.potential.relativeYield === null
              ? null
              : ` · ${t('yield.relative', { percent: f.percent(y.potential.relativeYield) })}`}
          </dd>
          <Source text={source(y.potential.source)} />
        </div>
        {y.typical ? (
          <div>
            <dt className="text-stone-600">{t('yield.typical', { period: y.typical.period })}</dt>
            <dd className="font-medium">
              {y.typical.low === y.typical.high
                ? f.perHectare(y.typical.low)
                : t('yield.typicalRange', { low: f.number(y.typical.low), high: f.number(y.typical.high) })}
            </dd>
            <Source text={source(y.typical.source)} />
          </div>
        ) : null}
        {y.own ? (
          <div>
            <dt className="text-stone-600">{t('yield.own')}</dt>
            <dd className="font-medium">
              {t('yield.ownValue', { value: f.number(y.own.perHectare), count: y.own.harvests })}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="text-xs text-stone-600">
        {t('yield.product', { product: t(`products.${y.product}`, { defaultValue: y.product }) })}
      </p>
      {plan.harvested ? <HarvestedAgainst plan={plan} /> : null}
    </section>
  );
}

/** A figure's published source, folded under it (long, exact, and for whoever wants to check). */
function Source({ text }: { text: string }) {
  const { t } = useTranslation('crops');
  return (
    <dd className="text-xs text-stone-600">
      <details>
        <summary className="cursor-pointer">{t('yield.sourceLabel')}</summary>
        {text}
      </details>
    </dd>
  );
}

function HarvestedAgainst({ plan }: { plan: WithYield }) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  if (!plan.harvested) {
    return null;
  }
  const expected = plan.expectedYield.perHectare;
  return (
    <div className="rounded-md border border-brand-700 bg-brand-50 p-3" data-testid="harvested-yield">
      <p className="text-xl font-bold">
        {t('yield.harvestedPerHectare', { value: f.number(plan.harvested.perHectare) })}
      </p>
      {expected > 0 ? (
        <p className="text-sm text-stone-700">
          {t('yield.againstEstimate', {
            percent: f.percent(plan.harvested.perHectare / expected),
            expected: f.number(expected),
          })}
        </p>
      ) : null}
    </div>
  );
}
