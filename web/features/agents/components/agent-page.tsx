// The agent screen (/agent). An agent: the farmers they represent (or asked to), those farmers' listings and their
// commissions and their statement, how many of those farmers read each lesson. A farmer: agents' requests to
// represent them, and their current agent.
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAgentLinks } from '../../../lib/queries/agent-links';
import { useUser } from '../../../lib/session';
import { AgentLearning } from './agent-learning';
import { CommissionStatementCard } from './commission-statement-card';
import { CommissionsCard } from './commissions-card';
import { FarmerLinks } from './farmer-links';
import { RepresentedFarmers } from './represented-farmers';
import { RepresentedListings } from './represented-listings';

export function AgentPage() {
  const { t } = useTranslation('agents');
  const user = useUser().data;
  const role = user?.role;
  const isAgent = role === 'agent';
  const isFarmer = role === 'farmer';
  if (!user) {
    return <PageSpinner />;
  }
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={isAgent ? t('agentDescription') : isFarmer ? t('farmerDescription') : undefined}
      />
      {isAgent || isFarmer ? (
        <Links asAgent={isAgent} />
      ) : (
        <p className="text-stone-700">{t('notForRole')}</p>
      )}
    </div>
  );
}

function Links({ asAgent }: { asAgent: boolean }) {
  const { t } = useTranslation('agents');
  const links = useAgentLinks();
  if (!links.isSuccess) {
    return <QueryState query={links} error={t('loadError')} />;
  }
  if (!asAgent) {
    return <FarmerLinks links={links.data} />;
  }
  return (
    <>
      <RepresentedFarmers links={links.data} />
      <RepresentedListings />
      <CommissionsCard />
      <CommissionStatementCard links={links.data} />
      <AgentLearning />
    </>
  );
}
