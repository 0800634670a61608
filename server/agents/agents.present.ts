// Agent links and an agent's commissions as the API shows them (names beside ids, money in currency units).
import type { TAgentLink, TCommissions } from '../../contract/agents';
import { centsToDecimal } from '../../contract/money';
import type { AgentLinkView } from './agents.repo';
import type { commissionsFor } from './agents.service';

type Commissions = Awaited<ReturnType<typeof commissionsFor>>;

export function presentLink(v: AgentLinkView): TAgentLink {
  return {
    id: v.link.id,
    agent: { id: v.link.agentId, username: v.agentUsername },
    farmer: { id: v.link.farmerId, username: v.farmerUsername },
    status: v.link.status,
    createdAt: v.link.createdAt.toISOString(),
  };
}

/** The agent's latest commissions, each with its farmer, and the totals this month and all time. */
export function presentCommissions({ items, monthCents, allCents }: Commissions): TCommissions {
  return {
    items: items.map((i) => ({
      id: i.commission.id,
      orderId: i.commission.orderId,
      farmer: { id: i.commission.farmerId, username: i.farmerUsername },
      amount: centsToDecimal(i.commission.amountCents),
      createdAt: i.commission.createdAt.toISOString(),
    })),
    totalThisMonth: centsToDecimal(monthCents),
    totalAllTime: centsToDecimal(allCents),
  };
}
