// Forward agreements' reads and writes: the agreement (locked for each change), its deliveries, the lists each
// party and managers read, those whose window has ended, and each party's record.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AgreementStatus } from '../../contract/forward-agreements';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { agreementDeliveries, forwardAgreements } from './agreements.schema';

export type AgreementRow = typeof forwardAgreements.$inferSelect;
export type NewAgreement = typeof forwardAgreements.$inferInsert;
export type DeliveryRow = typeof agreementDeliveries.$inferSelect;

export async function insertAgreement(tx: Tx, values: NewAgreement): Promise<AgreementRow> {
  const [row] = await tx.insert(forwardAgreements).values(values).returning();
  if (!row) {
    throw new Error('forward agreement not inserted');
  }
  return row;
}

export async function findAgreement(db: Tx, id: number, lock = false): Promise<AgreementRow | null> {
  const query = db.select().from(forwardAgreements).where(eq(forwardAgreements.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateAgreement(
  tx: Tx,
  id: number,
  changes: Partial<NewAgreement>,
): Promise<AgreementRow> {
  const [row] = await tx
    .update(forwardAgreements)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(forwardAgreements.id, id))
    .returning();
  if (!row) {
    throw new Error(`forward agreement ${id} not found`);
  }
  return row;
}

/** Agreements where one of `partyIds` is the buyer or the seller (all, for `null`: a manager), newest first. */
export async function agreementsOf(
  db: Tx,
  partyIds: readonly number[] | null,
  options: { status?: AgreementStatus | undefined; limit: number },
): Promise<AgreementRow[]> {
  const parties =
    partyIds === null
      ? undefined
      : or(
          inArray(forwardAgreements.buyerId, [...partyIds]),
          inArray(forwardAgreements.sellerId, [...partyIds]),
        );
  return db
    .select()
    .from(forwardAgreements)
    .where(and(parties, options.status ? eq(forwardAgreements.status, options.status) : undefined))
    .orderBy(desc(forwardAgreements.id))
    .limit(options.limit);
}

export async function insertDelivery(
  tx: Tx,
  values: typeof agreementDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await tx.insert(agreementDeliveries).values(values).returning();
  if (!row) {
    throw new Error('agreement delivery not inserted');
  }
  return row;
}

/** Deliveries of these agreements, oldest first. */
export async function deliveriesOf(db: Tx, agreementIds: readonly number[]): Promise<DeliveryRow[]> {
  if (agreementIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(agreementDeliveries)
    .where(inArray(agreementDeliveries.agreementId, [...agreementIds]))
    .orderBy(asc(agreementDeliveries.id));
}

/** Usernames of these users. */
export async function usernamesOf(db: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function userRole(db: Tx, id: number): Promise<{ role: string; language: 'en' | 'fr' } | null> {
  const [row] = await db
    .select({ role: users.role, language: users.language })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Active agreements whose window ended before `day` (YYYY-MM-DD): due to be settled. */
export async function agreementsPastWindow(db: Tx, day: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: forwardAgreements.id })
    .from(forwardAgreements)
    .where(and(eq(forwardAgreements.status, 'active'), lt(forwardAgreements.deliveryTo, day)))
    .orderBy(asc(forwardAgreements.deliveryTo))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A party's record: agreements that ended after becoming active, and how. A default counts against the side that
 * defaulted only.
 */
export async function recordOf(
  db: Tx,
  userId: number,
): Promise<{ ended: number; fulfilled: number; partly: number; defaulted: number }> {
  const rows = await db.execute(sql`
    select
      count(*) filter (where status in
        ('fulfilled', 'partly_fulfilled', 'defaulted_by_seller', 'defaulted_by_buyer')) as ended,
      count(*) filter (where status = 'fulfilled') as fulfilled,
      count(*) filter (where status = 'partly_fulfilled') as partly,
      count(*) filter (where (status = 'defaulted_by_seller' and seller_id = ${userId})
        or (status = 'defaulted_by_buyer' and buyer_id = ${userId})) as defaulted
    from forward_agreements
    where buyer_id = ${userId} or seller_id = ${userId}`);
  const [row] = rowsOf<Record<string, string | number | null>>(rows);
  return {
    ended: Number(row?.ended ?? 0),
    fulfilled: Number(row?.fulfilled ?? 0),
    partly: Number(row?.partly ?? 0),
    defaulted: Number(row?.defaulted ?? 0),
  };
}
