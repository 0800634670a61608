// The farms screen (/farms): the selected farm's analytics in four tabs (SPEC §2 Farm analytics).
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFarm } from '../../../../contract/farms';
import { FarmScope } from '../../../components/farm-scope/farm-scope';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { useFarmAnalytics } from '../api/get-farm-analytics';
import { ResourcesResult, RisksResult, YieldResult } from './analysis-results';
import { GeneratePanel } from './generate-panel';
import { OverviewTab } from './overview-tab';

const TABS = ['overview', 'yield', 'resources', 'risks'] as const;

export function FarmsPage() {
  const { t } = useTranslation(['farms', 'common']);
  return (
    <FarmScope>
      {(farm, selector) => (
        <>
          <PageHeader title={t('common:pages.farms')} description={farm.name} actions={selector} />
          <FarmAnalytics farm={farm} />
        </>
      )}
    </FarmScope>
  );
}

function FarmAnalytics({ farm }: { farm: TFarm }) {
  const { t } = useTranslation('farms');
  const query = useFarmAnalytics(farm.id);
  if (query.isPending) {
    return <PageSpinner />;
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('loadError')} ({queryErrorText(query.error)})
      </p>
    );
  }
  const data = query.data;
  const canGenerate = data.farm.myRole !== 'viewer';
  const panels: Record<(typeof TABS)[number], ReactNode> = {
    overview: <OverviewTab data={data} />,
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
    <Tabs.Root defaultValue="overview" className="space-y-4">
      <Tabs.List
        aria-label={t('tabs.label')}
        className="grid w-full grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1 sm:flex sm:w-fit"
      >
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm"
          >
            {t(`tabs.${tab}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content
          key={tab}
          value={tab}
          className="focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {panels[tab]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
