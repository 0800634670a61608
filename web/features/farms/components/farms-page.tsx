// The farms screen (/farms): the selected farm's analytics in four tabs (SPEC §2 Farm analytics).
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFarm } from '../../../../contract/farms';
import { FarmScope } from '../../../components/farm-scope/farm-scope';
import { QueryState } from '../../../components/query-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { preloadable } from '../../../lib/preloadable';
import { farmWeatherQuery } from '../../../lib/queries/weather';
import { useFarmAnalytics } from '../api/get-farm-analytics';
import { GeneratePanel } from './generate-panel';
import { type FarmCard, OverviewTab } from './overview-tab';

const TABS = ['overview', 'yield', 'resources', 'risks'] as const;

// An analysis' result shows in a tab other than the first: it loads when that tab is opened, not with the screen.
const loadResults = () => import('./analysis-results');
const { Component: YieldResult } = preloadable(() => loadResults().then((m) => m.YieldResult));
const { Component: ResourcesResult } = preloadable(() => loadResults().then((m) => m.ResourcesResult));
const { Component: RisksResult } = preloadable(() => loadResults().then((m) => m.RisksResult));

/** `topCard`: what the app puts first in the overview (the weather card, from web/app/farms-screen.tsx). */
export function FarmsPage({ topCard }: { topCard?: FarmCard }) {
  const { t } = useTranslation(['farms', 'common']);
  return (
    <FarmScope>
      {(farm, selector) => (
        <>
          <PageHeader title={t('common:pages.farms')} description={farm.name} actions={selector} />
          <FarmAnalytics farm={farm} topCard={topCard} />
        </>
      )}
    </FarmScope>
  );
}

function FarmAnalytics({ farm, topCard }: { farm: TFarm; topCard?: FarmCard | undefined }) {
  const { t } = useTranslation('farms');
  const query = useFarmAnalytics(farm.id);
  // The card on top of the overview (the weather, web/app/farms-screen.tsx) is drawn with the figures, not after
  // them: its read is asked for with theirs and waited for, so that its spinner giving way to the forecast does not
  // push the whole overview down (a layout shift of half the screen on a phone).
  const topCardPending = useQuery({ ...farmWeatherQuery(farm.id), enabled: topCard !== undefined }).isPending;
  if (!query.isSuccess || (topCard !== undefined && topCardPending)) {
    return query.isError ? <QueryState query={query} error={t('loadError')} /> : <PageSpinner />;
  }
  const data = query.data;
  const canGenerate = data.farm.myRole !== 'viewer';
  const panels: Record<(typeof TABS)[number], ReactNode> = {
    overview: <OverviewTab data={data} topCard={topCard} />,
    yield: (
      <GeneratePanel
        farmId={farm.id}
        type="yield_prediction"
        buttonLabel={t('yield.generate')}
        analytics={data.analytics}
        canGenerate={canGenerate}
      >
        {(result) => <YieldResult data={result} />}
      </GeneratePanel>
    ),
    resources: (
      <GeneratePanel
        farmId={farm.id}
        type="resource_optimization"
        buttonLabel={t('resources.generate')}
        analytics={data.analytics}
        canGenerate={canGenerate}
      >
        {(result) => <ResourcesResult data={result} />}
      </GeneratePanel>
    ),
    risks: (
      <GeneratePanel
        farmId={farm.id}
        type="pest_risk"
        buttonLabel={t('risks.generate')}
        analytics={data.analytics}
        canGenerate={canGenerate}
      >
        {(result) => <RisksResult data={result} />}
      </GeneratePanel>
    ),
  };
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label={t('tabs.label')} className="grid grid-cols-2 sm:flex sm:w-fit">
        {TABS.map((tab) => (
          <TabsTrigger key={tab} value={tab} className="whitespace-nowrap">
            {t(`tabs.${tab}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab} value={tab}>
          <Suspense fallback={<PageSpinner />}>{panels[tab]}</Suspense>
        </TabsContent>
      ))}
    </Tabs>
  );
}
