// "The season": each plot of the farm as a row with its plans' stages drawn on one shared timeline (today marked,
// the harvest window under them), a season picker, and the ways in: a new plot, a new plan, a plot changed or
// archived (archived plots are folded under the season, to be brought back). A farm with no plot
// is taught to make one, and a season with no plan to make one.
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCropPlanSummary, TPlot } from '../../../../contract/crop-plans';
import type { TFarm } from '../../../../contract/farms';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { localDay } from '../../../lib/format';
import { preloadable } from '../../../lib/preloadable';
import { plansQuery, plotsQuery } from '../api/keys';
import { type Span, seasonChoices, seasonOf, timelineSpan } from '../calendar';
import { PlanTimeline, TimelineLegend } from './plan-timeline';
import { StatusBadge } from './status-badge';
import { useCropFormat } from './use-crop-format';

// The dialogs and forms (and the contract's rules they check) load when first wanted, not with the screen.
const newPlan = preloadable(() => import('./new-plan-dialog').then((m) => m.NewPlanDialog));
const newPlot = preloadable(() => import('./plot-dialog').then((m) => m.PlotDialog));
const plotForm = preloadable(() => import('./plot-form').then((m) => m.PlotForm));
const plotEdit = preloadable(() => import('./plot-edit-dialog').then((m) => m.PlotEditDialog));
const archivedPlots = preloadable(() => import('./archived-plots').then((m) => m.ArchivedPlots));

export const canPlan = (farm: TFarm) => farm.myRole === 'owner' || farm.myRole === 'manager';

export function SeasonView({ farm }: { farm: TFarm }) {
  const { t } = useTranslation('crops');
  const [season, setSeason] = useState(() => seasonOf(localDay()));
  const plots = useQuery(plotsQuery(farm.id));
  const plans = useQuery(plansQuery(farm.id, season));
  const [planning, setPlanning] = useState(false);
  const [plotting, setPlotting] = useState(false);
  const writable = canPlan(farm);
  const f = useCropFormat();
  return (
    <Card data-testid="season">
      <CardHeader className="flex flex-col gap-3">
        <CardTitle>{t('tabs.season')}</CardTitle>
        <div className="flex flex-wrap items-end gap-3">
          {plots.data?.plots.length === 0 ? null : <SeasonPicker season={season} onChange={setSeason} />}
          {writable && plots.data && plots.data.plots.length > 0 ? (
            <>
              <Button onPointerEnter={() => void newPlan.preload()} onClick={() => setPlanning(true)}>
                <Plus aria-hidden className="h-4 w-4" />
                {t('newPlan.button')}
              </Button>
              <Button
                variant="secondary"
                onPointerEnter={() => void newPlot.preload()}
                onClick={() => setPlotting(true)}
              >
                {t('plot.add')}
              </Button>
            </>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <QueryState query={plots} error={t('loadError')}>
          {(data) =>
            data.plots.length === 0 ? (
              <NoPlot farmId={farm.id} writable={writable} />
            ) : (
              <QueryState query={plans} error={t('loadError')}>
                {(list) => (
                  <SeasonPlots plots={data.plots} plans={list.plans} season={season} writable={writable} />
                )}
              </QueryState>
            )
          }
        </QueryState>
        {plots.data && plots.data.plots.length > 0 ? (
          <p className="mt-3 text-xs text-stone-600">
            {t('season.plotted', {
              plotted: f.number(plots.data.plottedArea),
              size: f.number(plots.data.farmSize),
            })}
          </p>
        ) : null}
      </CardContent>
      {plotting ? (
        <Suspense fallback={null}>
          <newPlot.Component farmId={farm.id} onClose={() => setPlotting(false)} />
        </Suspense>
      ) : null}
      {planning && plots.data ? (
        <Suspense fallback={null}>
          <newPlan.Component farmId={farm.id} plots={plots.data.plots} onClose={() => setPlanning(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function SeasonPicker({ season, onChange }: { season: string; onChange: (season: string) => void }) {
  const { t } = useTranslation('crops');
  const name = (choice: string) => {
    const [year, half] = choice.split('-');
    return t(half === '1' ? 'season.firstHalf' : half === '2' ? 'season.secondHalf' : 'season.wholeYear', {
      year,
    });
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="crops-season" className="text-sm font-medium text-stone-800">
        {t('season.label')}
      </label>
      <Select id="crops-season" value={season} onChange={(event) => onChange(event.target.value)}>
        {seasonChoices(localDay()).map((choice) => (
          <option key={choice} value={choice}>
            {name(choice)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function NoPlot({ farmId, writable }: { farmId: number; writable: boolean }) {
  const { t } = useTranslation('crops');
  return (
    <div className="flex flex-col gap-3" data-testid="no-plot">
      <h3 className="font-medium">{t('empty.noPlotTitle')}</h3>
      <p className="text-sm text-stone-700">{t('empty.noPlotBody')}</p>
      {writable ? (
        <Suspense fallback={null}>
          <plotForm.Component farmId={farmId} onDone={() => undefined} inDialog={false} />
        </Suspense>
      ) : null}
    </div>
  );
}

function SeasonPlots({
  plots,
  plans,
  season,
  writable,
}: {
  plots: TPlot[];
  plans: TCropPlanSummary[];
  season: string;
  writable: boolean;
}) {
  const { t } = useTranslation('crops');
  const span = timelineSpan(season, plans);
  // An archived plot still shows in a season it had plans in (their history); else it is folded below.
  const shown = plots.filter((plot) => !plot.archived || plans.some((plan) => plan.plotId === plot.id));
  const archived = plots.filter((plot) => plot.archived);
  return (
    <div className="flex flex-col gap-4">
      {plans.length === 0 ? (
        <div className="rounded-md border border-dashed border-stone-300 p-3 text-sm" data-testid="no-plan">
          <p className="font-medium">{t('empty.noPlanTitle')}</p>
          <p className="text-stone-700">{t('empty.noPlanBody')}</p>
        </div>
      ) : null}
      <ul className="flex flex-col divide-y divide-stone-100" aria-label={t('season.plots')}>
        {shown.map((plot) => (
          <PlotRow
            key={plot.id}
            plot={plot}
            plans={plans.filter((plan) => plan.plotId === plot.id)}
            span={span}
            writable={writable}
          />
        ))}
      </ul>
      {plans.length > 0 ? <TimelineLegend /> : null}
      {archived.length > 0 ? (
        <Suspense fallback={null}>
          <archivedPlots.Component plots={archived} writable={writable} />
        </Suspense>
      ) : null}
    </div>
  );
}

function PlotRow({
  plot,
  plans,
  span,
  writable,
}: {
  plot: TPlot;
  plans: TCropPlanSummary[];
  span: Span;
  writable: boolean;
}) {
  const { t } = useTranslation('crops');
  const f = useCropFormat();
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="plot-row">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{plot.name}</span>
        <span className="flex items-center gap-2">
          <span className="text-sm text-stone-600">{f.hectares(plot.area)}</span>
          {writable && !plot.archived ? (
            <Button
              variant="ghost"
              aria-label={t('plotEdit.button', { name: plot.name })}
              onPointerEnter={() => void plotEdit.preload()}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden className="h-4 w-4" />
            </Button>
          ) : null}
        </span>
      </p>
      {editing ? (
        <Suspense fallback={null}>
          <plotEdit.Component plot={plot} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {plans.length === 0 ? <p className="text-sm text-stone-500">{t('season.noPlanOnPlot')}</p> : null}
      {plans.map((plan) => (
        <Link
          key={plan.id}
          href={`/crops?plan=${plan.id}`}
          className="block rounded-md border border-stone-200 p-2 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          data-testid="plan-link"
        >
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-stone-900">{f.crop(plan.crop)}</span>
            {plan.variety ? <span className="text-stone-600">{plan.variety}</span> : null}
            <StatusBadge status={plan.status} />
            {plan.overdueTasks > 0 ? (
              <Badge variant="destructive">{t('season.overdueTasks', { count: plan.overdueTasks })}</Badge>
            ) : plan.openTasks > 0 ? (
              <span className="text-stone-600">{t('season.tasksLeft', { count: plan.openTasks })}</span>
            ) : null}
          </span>
          <PlanTimeline
            stages={plan.stages}
            harvest={plan.expectedHarvest}
            span={span}
            faded={plan.status === 'abandoned'}
            label={t('season.timelineLabel', {
              crop: f.crop(plan.crop),
              plot: plot.name,
              from: f.day(plan.plantingDate),
              harvestFrom: f.day(plan.expectedHarvest.from),
              harvestTo: f.day(plan.expectedHarvest.to),
            })}
          />
        </Link>
      ))}
    </li>
  );
}
