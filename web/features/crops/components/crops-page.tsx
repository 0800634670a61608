// The crop management screen (/crops): "This week" (the tasks due across the caller's farms) and "The season" (the
// selected farm's plots and plans on a timeline); `?plan=:id` opens one plan's page instead.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { TFarm } from '../../../../contract/farms';
import { FarmScope } from '../../../components/farm-scope/farm-scope';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { localDay } from '../../../lib/format';
import { preloadable } from '../../../lib/preloadable';
import { useWeekTasks } from '../../../lib/queries/tasks';
import { plansQuery, plotsQuery } from '../api/keys';
import { seasonOf } from '../calendar';
import { SeasonView } from './season-view';
import { WeekTasks } from './week-tasks';

// A plan's page (its forms, dialogs and the contract's rules) loads when a plan is opened.
const planView = preloadable(() => import('./plan-view').then((m) => m.PlanView));

export function CropsPage() {
  const { t } = useTranslation(['crops', 'common']);
  const planId = Number(new URLSearchParams(useSearch()).get('plan'));
  if (Number.isInteger(planId) && planId > 0) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <planView.Component planId={planId} />
      </Suspense>
    );
  }
  // The title shows whatever the farm scope shows (a farm's screen, or the form that makes a first farm).
  return (
    <>
      <PageHeader title={t('common:pages.crops')} description={t('description')} />
      <FarmScope>
        {(farm, selector) => (
          <div className="flex flex-col gap-4">
            {selector}
            <FarmCrops farm={farm} />
          </div>
        )}
      </FarmScope>
    </>
  );
}

/**
 * The week's tasks and the season, once the reads they draw first are here (asked for at once): "This week" stands
 * above the season on a phone, and its spinner giving way to a short list would pull the season up (a layout shift).
 */
function FarmCrops({ farm }: { farm: TFarm }) {
  const pending = [
    useWeekTasks(),
    useQuery(plansQuery(farm.id, seasonOf(localDay()))),
    useQuery(plotsQuery(farm.id)),
  ].some((query) => query.isPending);
  if (pending) {
    return <PageSpinner />;
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <WeekTasksOf farmId={farm.id} writable={farm.myRole !== 'viewer'} />
      <SeasonView farm={farm} />
    </div>
  );
}

/** "This week", told whether the farm has plans yet (an empty week then says how tasks come). */
function WeekTasksOf({ farmId, writable }: { farmId: number; writable: boolean }) {
  const plans = useQuery(plansQuery(farmId, seasonOf(localDay())));
  return <WeekTasks hasPlans={(plans.data?.plans.length ?? 0) > 0} farmId={writable ? farmId : null} />;
}
