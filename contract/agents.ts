// Agents: links between an agent and the farmers they represent, and the commission they earn on those farmers' sales.
import { z } from 'zod';
import { ZParty } from './common';
import { MAX_INT4 } from './constants';
import { ZLedgerDate } from './finance';

export const AGENT_LINK_STATUSES = ['pending', 'active', 'declined'] as const;

export const ZAgentLinkInput = z.object({ farmerId: z.number().int().positive().max(MAX_INT4) });
export const ZAgentLinkUpdate = z.object({
  status: z.enum(['active', 'declined'], { error: 'orders.validation.linkStatus' }),
});
export const ZAgentLink = z.object({
  id: z.number().int(),
  agent: ZParty,
  farmer: ZParty,
  status: z.enum(AGENT_LINK_STATUSES),
  createdAt: z.string(),
});
export type TAgentLink = z.infer<typeof ZAgentLink>;

export const ZCommission = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  farmer: ZParty,
  amount: z.number(),
  createdAt: z.string(),
});
export const ZCommissions = z.object({
  items: z.array(ZCommission),
  totalThisMonth: z.number(),
  totalAllTime: z.number(),
});
export type TCommissions = z.infer<typeof ZCommissions>;

/**
 * A commission statement's period (both days included, UTC; by default this month up to today) and, if given, the one
 * farmer it is about.
 */
export const ZCommissionStatementQuery = z
  .object({
    from: ZLedgerDate.optional(),
    to: ZLedgerDate.optional(),
    farmerId: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  })
  .transform((q) => {
    const today = new Date().toISOString().slice(0, 10);
    return { ...q, from: q.from ?? `${(q.to ?? today).slice(0, 7)}-01`, to: q.to ?? today };
  })
  .refine((q) => q.from <= q.to, { message: 'agents.validation.period', path: ['to'] });
export type TCommissionStatementQuery = z.input<typeof ZCommissionStatementQuery>;

/** What an agent earned in a period: per farmer (orders, sales and commission), the totals, and each commission. */
export const ZCommissionStatement = z.object({
  from: z.string(),
  to: z.string(),
  /** `sales`: what the orders sold for (their bill less refunds), the figure the commission is taken from. */
  farmers: z.array(
    z.object({ farmer: ZParty, orders: z.number().int(), sales: z.number(), commission: z.number() }),
  ),
  total: z.object({ orders: z.number().int(), sales: z.number(), commission: z.number() }),
  items: z.array(ZCommission.extend({ sale: z.number() })),
});
export type TCommissionStatement = z.infer<typeof ZCommissionStatement>;
