// The financial screen (/financial): the selected farm's overview, transactions, sales, futures and reports.
import * as Tabs from '@radix-ui/react-tabs';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFarm } from '../../../../contract/farms';
import { FarmScope } from '../../../components/farm-scope/farm-scope';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { AddTransactionDialog } from './add-transaction-dialog';
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
                {canWrite(farm) ? <AddTransactionDialog farmId={farm.id} /> : null}
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

function FinancialTabs({ farm }: { farm: TFarm }) {
  const { t } = useTranslation(['finance', 'common']);
  return (
    <Tabs.Root defaultValue="overview" className="flex flex-col gap-4">
      <Tabs.List
        aria-label={t('common:pages.financial')}
        className="flex w-full flex-wrap gap-1 rounded-lg bg-stone-100 p-1"
      >
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="shrink-0 rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm"
          >
            {t(`tabs.${tab}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview">
        <OverviewTab farmId={farm.id} />
      </Tabs.Content>
      <Tabs.Content value="transactions">
        <TransactionsTab farmId={farm.id} canWrite={canWrite(farm)} />
      </Tabs.Content>
      <Tabs.Content value="sales">
        <SalesTab farmId={farm.id} />
      </Tabs.Content>
      <Tabs.Content value="futures">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 pt-10 pb-10 text-center">
            <Construction aria-hidden className="h-10 w-10 text-brand-800" />
            <h2 className="text-lg font-medium">{t('futuresTitle')}</h2>
            <p className="text-stone-800">{t('common:comingSoon')}</p>
            <p className="max-w-md text-sm text-stone-600">{t('common:comingSoonDetail')}</p>
          </CardContent>
        </Card>
      </Tabs.Content>
      <Tabs.Content value="reports">
        <ReportsTab farmId={farm.id} canWrite={canWrite(farm)} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
