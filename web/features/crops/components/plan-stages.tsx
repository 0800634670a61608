// A plan's calendar: its four stages with their dates on one timeline, the harvest window, and how the stage
// lengths were set (the table's days, or lengthened by the farm's measured warmth).
import { useTranslation } from 'react-i18next';
import type { TCropPlan } from '../../../../contract/crop-plans';
import { cn } from '../../../lib/cn';
import { PlanTimeline, STAGE_COLOURS } from './plan-timeline';
import { useCropFormat } from './use-crop-format';

type Calendar = Pick<
  TCropPlan,
  'stages' | 'expectedHarvest' | 'calendar' | 'crop' | 'plotName' | 'plantingDate'
>;

export function PlanStages({ plan }: { plan: Calendar }) {
  const { t } = useTranslation(['crops', 'agronomy']);
  const f = useCropFormat();
  const first = plan.stages[0]?.start ?? plan.plantingDate;
  const last = [plan.stages.at(-1)?.end ?? first, plan.expectedHarvest.to].sort().at(-1) ?? first;
  const span = { start: first.slice(0, 10), end: last.slice(0, 10) };
  const { calendar } = plan;
  return (
    <section className="flex flex-col gap-2" data-testid="plan-stages">
      <PlanTimeline
        stages={plan.stages}
        harvest={plan.expectedHarvest}
        span={span}
        label={t('season.timelineLabel', {
          crop: f.crop(plan.crop),
          plot: plan.plotName,
          from: f.day(plan.plantingDate),
          harvestFrom: f.day(plan.expectedHarvest.from),
          harvestTo: f.day(plan.expectedHarvest.to),
        })}
      />
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {plan.stages.map((stage) => (
          <li key={stage.key} className="flex items-center gap-2">
            <span
              aria-hidden
              className={cn('inline-block h-3 w-3 shrink-0 rounded-sm', STAGE_COLOURS[stage.key])}
            />
            <span className="font-medium">{t(`stages.${stage.key}`)}</span>
            <span className="text-stone-600">
              {t('plan.stageDates', { from: f.shortDay(stage.start), to: f.shortDay(stage.end) })}
            </span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block h-3 w-3 shrink-0 rounded-sm border border-dashed border-amber-700 bg-amber-100"
          />
          <span className="font-medium">{t('plan.expectedHarvest')}</span>
          <span className="text-stone-600">
            {t('plan.stageDates', {
              from: f.shortDay(plan.expectedHarvest.from),
              to: f.day(plan.expectedHarvest.to),
            })}
          </span>
        </li>
      </ul>
      {/* The method and its references are long and exact: folded, for whoever wants to check them. */}
      <details className="text-xs text-stone-600">
        <summary className="cursor-pointer">{t('plan.howDated')}</summary>
        <p className="mt-1">
          {t('plan.calendarBasis', {
            source: t(`agronomy:source.${calendar.source}`, { defaultValue: calendar.source, citation: '' }),
          })}
          {calendar.meanTemperature !== null && calendar.factor !== 1
            ? `, ${t('plan.calendarWarmth', {
                temperature: f.number(calendar.meanTemperature, 1),
                days: calendar.days,
                factor: f.number(calendar.factor, 2),
              })}`
            : null}
        </p>
      </details>
    </section>
  );
}
