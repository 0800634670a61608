// Crop management: a farm's plots, its crop plans (stages fixed when planned), their tasks, the inputs and harvests
// recorded against them, and which money of the farm's books belongs to which plan. Quantities in integer kilograms.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TStage } from '../../contract/crop-plans';
import {
  ABANDON_REASONS,
  HARVEST_UNITS,
  INPUT_KINDS,
  PLAN_STATUSES,
  TASK_KINDS,
  TASK_STATUSES,
} from '../../contract/crop-plans';
import { users } from '../db/schema';
import { farms } from '../farms/farms.schema';
import { financeTransactions } from '../finance/finance.schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const person = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    areaHa: doublePrecision('area_ha').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('plots_farm_idx').on(t.farmId, t.id), check('plots_area_positive', sql`${t.areaHa} > 0`)],
);

/** The calendar a plan was given when planned (or its planting date moved): kept, so a plan's dates never drift. */
export interface StoredCalendar {
  stages: TStage[];
  expectedHarvest: { from: string; to: string };
  basis: { source: string; meanTemperature: number | null; days: number; factor: number };
}

export const cropPlans = pgTable(
  'crop_plans',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id),
    crop: text('crop').notNull(),
    variety: text('variety'),
    areaHa: doublePrecision('area_ha').notNull(),
    plantingDate: date('planting_date', { mode: 'string' }).notNull(),
    /** 'planned' reads 'active' once the planting date has passed (crops.present derives it). */
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('planned'),
    abandonReason: text('abandon_reason', { enum: ABANDON_REASONS }),
    abandonNote: text('abandon_note'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    calendar: jsonb('calendar').$type<StoredCalendar>(),
    targetKg: integer('target_kg'),
    targetDate: date('target_date', { mode: 'string' }),
    recordedBy: person('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crop_plans_farm_idx').on(t.farmId, t.plantingDate),
    index('crop_plans_plot_idx').on(t.plotId),
    check('crop_plans_area_positive', sql`${t.areaHa} > 0`),
  ],
);

export const cropTasks = pgTable(
  'crop_tasks',
  {
    id: serial('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => cropPlans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    title: text('title'),
    round: integer('round'),
    due: date('due', { mode: 'string' }).notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    doneAt: date('done_at', { mode: 'string' }),
    note: text('note'),
    assigneeId: person('assignee_id'),
    recordedBy: person('recorded_by'),
    /** The day a reminder for this task went out (one per task). */
    remindedOn: date('reminded_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('crop_tasks_farm_due_idx').on(t.farmId, t.due),
    index('crop_tasks_plan_idx').on(t.planId),
    index('crop_tasks_open_due_idx').on(t.due).where(sql`${t.status} = 'open'`),
  ],
);

export const planInputs = pgTable(
  'plan_inputs',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => cropPlans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INPUT_KINDS }).notNull(),
    name: text('name').notNull(),
    quantity: doublePrecision('quantity'),
    unit: text('unit'),
    date: date('date', { mode: 'string' }).notNull(),
    /** The farm expense it is: booked with it, or booked before and linked. */
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => financeTransactions.id),
    recordedBy: person('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_inputs_plan_idx').on(t.planId),
    uniqueIndex('plan_inputs_transaction_idx').on(t.transactionId),
  ],
);

export const planHarvests = pgTable(
  'plan_harvests',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => cropPlans.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    quantityKg: integer('quantity_kg').notNull(),
    enteredQuantity: doublePrecision('entered_quantity').notNull(),
    enteredUnit: text('entered_unit', { enum: HARVEST_UNITS }).notNull(),
    grade: text('grade', { enum: ['A', 'B', 'C'] }),
    moisture: doublePrecision('moisture'),
    final: boolean('final').notNull().default(false),
    soldKg: integer('sold_kg').notNull().default(0),
    homeKg: integer('home_kg').notNull().default(0),
    feedKg: integer('feed_kg').notNull().default(0),
    storedKg: integer('stored_kg').notNull().default(0),
    lostKg: integer('lost_kg').notNull().default(0),
    recordedBy: person('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_harvests_plan_idx').on(t.planId, t.date),
    check('plan_harvests_quantity_positive', sql`${t.quantityKg} > 0`),
  ],
);

/**
 * Which plan a piece of the farm's money belongs to, where the farmer or an input said so: a row with no plan says
 * it belongs to none (a sale the plan would otherwise take for its crop). Money with no row follows the rule in
 * plan-money.ts.
 */
export const planMoneyLinks = pgTable(
  'plan_money_links',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['transaction', 'sale'] }).notNull(),
    sourceId: integer('source_id').notNull(),
    planId: integer('plan_id').references(() => cropPlans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] }), index('plan_money_links_plan_idx').on(t.planId)],
);
