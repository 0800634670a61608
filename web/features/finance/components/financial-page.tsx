// The financial screen (/financial): the selected farm's overview, transactions, sales and reports, and the caller's
// forward agreements (the Futures tab: theirs, not one farm's).
import { useTranslation } from 'react-i18next';
import type { TFarm } from '../../../../contract/farms';
import { FarmScope } from '../../../components/farm-scope/farm-scope';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/session';
import { AddTransactionButton } from './add-transaction-button';
import { FuturesTab } from './futures-tab';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';
import { SalesTab } from './sales-tab';
import { TransactionsTab } from './transactions-tab';

const TABS = ['overview', 'transactions', 'sales', 'futures', 'reports'] as const;

export function FinancialPage() {
  const { t } = useTranslation(['finance', 'common']);
  return (
    <FarmScope>
      {(farm, selector) => (
        <>
          <PageHeader
            title={t('common:pages.financial')}
            description={t('description')}
            actions={
              <div className="flex flex-wrap items-center gap-3">
                {selector}
                {canWrite(farm) ? <AddTransactionButton farmId={farm.id} /> : null}
              </div>
            }
          />
          <FinancialTabs farm={farm} />
        </>
      )}
    </FarmScope>
  );
}

const canWrite = (farm: TFarm) => farm.myRole === 'owner' || farm.myRole === 'manager';

/**
 * Whose stock the memo shows: the caller's own on their farm; the farm owner's when an agent (or a farm's manager)
 * reads another's books (the server answers only for a farmer the caller represents).
 */
const stockFarmer = (farm: TFarm, me: number | undefined) => (farm.ownerId === me ? null : farm.ownerId);

function FinancialTabs({ farm }: { farm: TFarm }) {
  const { t } = useTranslation(['finance', 'common']);
  const user = useUser().data;
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label={t('common:pages.financial')} className="flex flex-wrap">
        {TABS.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            {t(`tabs.${tab}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab farmId={farm.id} farmer={stockFarmer(farm, user?.id)} />
      </TabsContent>
      <TabsContent value="transactions">
        <TransactionsTab farmId={farm.id} canWrite={canWrite(farm)} />
      </TabsContent>
      <TabsContent value="sales">
        <SalesTab farmId={farm.id} />
      </TabsContent>
      <TabsContent value="futures">
        <FuturesTab />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsTab farmId={farm.id} canWrite={canWrite(farm)} />
      </TabsContent>
    </Tabs>
  );
}
