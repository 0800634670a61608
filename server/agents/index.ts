// The agents module's public face: links between agents and the farmers they represent, and their commission.
// Others import agents only through this file.
import { representsFarmer } from '../farms';
import type { ModuleDefinition } from '../module';
import { agentsRoutes, commissionsRoutes } from './agents.routes';
import { isActiveAgentOf } from './lookups';

export { setGroupLinkRow as setGroupLink } from './agents.repo';
export { linksChanged, orderSales } from './hooks';
export {
  activeAgentIdsSql,
  activeAgentOf,
  actsFor,
  agentLinkedSql,
  checkFarmerFilter,
  earnsCommission,
  isActiveAgentOf,
  recordCommission,
  representedFarmerIds,
  representedFarmerNamed,
  representedFarmers,
} from './lookups';

export const agentsModule: ModuleDefinition = {
  name: 'agents',
  routes: [agentsRoutes, commissionsRoutes],
  fills: [representsFarmer.fill(isActiveAgentOf)],
};
