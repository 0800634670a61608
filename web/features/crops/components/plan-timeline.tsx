// A plan's stages drawn on a span of days: four coloured segments (emergence, growth, mid-season, ripening), the
// harvest window under them, and today marked. Its words are in its label (the picture is not the only way).
import { useTranslation } from 'react-i18next';
import type { StageKey, TStage } from '../../../../contract/crop-plans';
import { cn } from '../../../lib/cn';
import { localDay } from '../../../lib/format';
import { offsetPercent, type Span, segment } from '../calendar';

export const STAGE_COLOURS: Readonly<Record<StageKey, string>> = {
  initial: 'bg-lime-300',
  development: 'bg-green-500',
  mid: 'bg-green-800',
  late: 'bg-amber-500',
};

export function PlanTimeline({
  stages,
  harvest,
  span,
  label,
  faded = false,
}: {
  stages: readonly TStage[];
  harvest: { from: string; to: string };
  span: Span;
  label: string;
  /** A plan that was abandoned: drawn pale. */
  faded?: boolean;
}) {
  const { t } = useTranslation('crops');
  const today = localDay();
  const showToday = today >= span.start && today <= span.end;
  const window = segment(harvest.from, harvest.to, span);
  return (
    <div role="img" aria-label={label} className={cn('relative h-9 w-full', faded && 'opacity-40')}>
      <div className="absolute inset-x-0 top-1 h-4 rounded bg-stone-100" />
      {stages.map((stage) => {
        const { left, width } = segment(stage.start, stage.end, span);
        return (
          <div
            key={stage.key}
            className={cn('absolute top-1 h-4', STAGE_COLOURS[stage.key])}
            style={{ left: `${left}%`, width: `${width}%` }}
          />
        );
      })}
      <div
        className="absolute top-6 h-2 rounded-sm border border-dashed border-amber-700 bg-amber-100"
        style={{ left: `${window.left}%`, width: `${window.width}%` }}
      />
      {showToday ? (
        <div
          className="absolute top-0 h-9 w-0.5 bg-red-600"
          style={{ left: `${offsetPercent(today, span)}%` }}
          title={t('season.today')}
        />
      ) : null}
    </div>
  );
}

/** The stages in their order (the colours' keys: no runtime import of the contract, which would bring zod along). */
const STAGE_ORDER = Object.keys(STAGE_COLOURS) as StageKey[];

/** What the colours mean, once under the timelines. */
export function TimelineLegend() {
  const { t } = useTranslation('crops');
  return (
    <ul aria-label={t('season.legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
      {STAGE_ORDER.map((key) => (
        <li key={key} className="flex items-center gap-1">
          <span aria-hidden className={cn('inline-block h-3 w-3 rounded-sm', STAGE_COLOURS[key])} />
          {t(`stages.${key}`)}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span
          aria-hidden
          className="inline-block h-3 w-3 rounded-sm border border-dashed border-amber-700 bg-amber-100"
        />
        {t('season.harvestWindow')}
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden className="inline-block h-3 w-0.5 bg-red-600" />
        {t('season.today')}
      </li>
    </ul>
  );
}
