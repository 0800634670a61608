// Agents: who represents which farmer (asked by the agent, accepted by the farmer), and the commission they earn.
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGENT_LINK_STATUSES } from '../../contract/agents';
import { users } from '../db/schema';
import { idOf } from '../db/table-reference';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => integer(name).references(() => users.id);

export const agentLinks = pgTable(
  'agent_links',
  {
    id: serial('id').primaryKey(),
    agentId: userRef('agent_id').notNull(),
    farmerId: userRef('farmer_id').notNull(),
    status: text('status', { enum: AGENT_LINK_STATUSES }).notNull().default('pending'),
    /**
     * `agent`: an agent representing a farmer, asked and accepted, earning a commission. `group`: a co-operative's
     * admin acting for the co-operative's marketplace party, made and ended by the groups module, earning nothing.
     */
    kind: text('kind', { enum: ['agent', 'group'] })
      .notNull()
      .default('agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_links_pair_idx').on(t.agentId, t.farmerId),
    index('agent_links_farmer_idx').on(t.farmerId),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => idOf('orders')),
    agentId: userRef('agent_id').notNull(),
    farmerId: userRef('farmer_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    entryId: integer('entry_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commissions_order_idx').on(t.orderId),
    index('commissions_agent_idx').on(t.agentId, t.id),
  ],
);
