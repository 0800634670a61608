// The payments queue's reads and writes: a move recorded before any provider call, claimed by one worker at a time,
// settled by what the provider's status says; and the operator's books of the money the moves hold.
import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { users } from '../db/schema';
import { managersSql, notifyExpression } from '../events/audience';
import { type OperatorEvent, type OperatorLine, operatorEntry } from './operator-books';
import { moneyMoves, operatorEntries, operatorLines } from './payments.schema';

export type MoveRow = typeof moneyMoves.$inferSelect;
export type NewMove = typeof moneyMoves.$inferInsert;

export async function insertMove(tx: Tx, values: NewMove): Promise<MoveRow> {
  const [row] = await tx.insert(moneyMoves).values(values).returning();
  if (!row) {
    throw new Error('money move not inserted');
  }
  return row;
}

/** A payout just queued, as its requester needs it. */
export type QueuedMove = Pick<
  MoveRow,
  'id' | 'userId' | 'reference' | 'status' | 'failureReason' | 'amountCents'
>;

/** A Postgres array literal of texts (null for null), for one `unnest` parameter instead of a parameter a row. */
function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Payouts with no order (a co-operative's members) in one statement of a few array parameters, whatever their
 * number; answered in the order given.
 */
export async function insertPayoutMoves(
  tx: Tx,
  common: { kind: MoveRow['kind']; provider: MoveRow['provider']; currency: string; requestedBy: number },
  rows: readonly Pick<
    MoveRow,
    'userId' | 'reference' | 'phone' | 'amountCents' | 'status' | 'failureReason'
  >[],
): Promise<QueuedMove[]> {
  if (rows.length === 0) {
    return [];
  }
  const inserted = rowsOf<{
    id: number;
    user_id: number;
    reference: string;
    status: MoveRow['status'];
    failure_reason: MoveRow['failureReason'];
    amount_cents: string;
  }>(
    await tx.execute(sql`
      insert into money_moves (kind, user_id, provider, reference, phone, amount_cents, currency, status,
        failure_reason, requested_by)
      select ${common.kind}, v.user_id, ${common.provider}, v.reference, v.phone, v.amount_cents, ${common.currency},
        v.status, v.failure_reason, ${common.requestedBy}::int
      from unnest(${`{${rows.map((r) => r.userId).join(',')}}`}::int[], ${textArray(rows.map((r) => r.reference))}::text[],
        ${textArray(rows.map((r) => r.phone))}::text[], ${`{${rows.map((r) => r.amountCents).join(',')}}`}::bigint[],
        ${textArray(rows.map((r) => r.status))}::text[], ${textArray(rows.map((r) => r.failureReason))}::text[])
        as v(user_id, reference, phone, amount_cents, status, failure_reason)
      returning id, user_id, reference, status, failure_reason, amount_cents`),
  );
  const byReference = new Map(inserted.map((r) => [r.reference, r]));
  return rows.map((row) => {
    const r = byReference.get(row.reference);
    if (!r) {
      throw new Error('money move not inserted');
    }
    return {
      id: r.id,
      userId: r.user_id,
      reference: r.reference,
      status: r.status,
      failureReason: r.failure_reason,
      amountCents: Number(r.amount_cents),
    };
  });
}

export async function findMove(db: Tx, id: number): Promise<MoveRow | null> {
  const [row] = await db.select().from(moneyMoves).where(eq(moneyMoves.id, id));
  return row ?? null;
}

/** The move a provider's callback names by our reference (its current one). */
export async function findMoveByReference(db: Tx, reference: string): Promise<MoveRow | null> {
  const [row] = await db.select().from(moneyMoves).where(eq(moneyMoves.reference, reference));
  return row ?? null;
}

export async function lockMove(tx: Tx, id: number): Promise<MoveRow | null> {
  const [row] = await tx.select().from(moneyMoves).where(eq(moneyMoves.id, id)).for('update');
  return row ?? null;
}

export async function updateMove(tx: Tx, id: number, changes: Partial<NewMove>): Promise<MoveRow> {
  const [row] = await tx
    .update(moneyMoves)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(moneyMoves.id, id))
    .returning();
  if (!row) {
    throw new Error(`money move ${id} not found`);
  }
  return row;
}

/**
 * Claims up to `limit` pending moves that are due, for `leaseMs`, counting the attempt (or just the move `onlyId`,
 * due or not, when nobody holds it). Rows another worker holds are skipped, not waited for; a claim whose worker
 * died runs out and the move is claimed again, its stage telling the next worker what may already have happened.
 */
export async function claimDueMoves(
  db: Tx,
  options: { limit: number; leaseMs: number; onlyId?: number },
): Promise<MoveRow[]> {
  // One move named is claimed whenever nobody holds it; otherwise only moves that are due.
  const which = options.onlyId === undefined ? sql`due_at <= now()` : sql`id = ${options.onlyId}`;
  const rows = await db.execute(sql`
    with due as (
      select id from money_moves
      where status = 'pending' and ${which} and (claimed_until is null or claimed_until < now())
      order by due_at, id
      limit ${options.limit}
      for update skip locked
    )
    update money_moves m
    set claimed_until = now() + ${options.leaseMs} * interval '1 millisecond', attempts = m.attempts + 1
    from due where m.id = due.id
    returning m.id`);
  const ids = rowsOf<{ id: number }>(rows);
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(moneyMoves)
    .where(
      inArray(
        moneyMoves.id,
        ids.map((r) => r.id),
      ),
    )
    .orderBy(asc(moneyMoves.dueAt), asc(moneyMoves.id));
}

/** The next time a worker should look at a pending move, the claim let go. */
export async function rescheduleMove(
  db: Tx,
  id: number,
  changes: Partial<NewMove> & { dueAt: Date },
): Promise<void> {
  await db
    .update(moneyMoves)
    .set({ ...changes, claimedUntil: null, updatedAt: new Date() })
    .where(eq(moneyMoves.id, id));
}

/** Makes a pending move due now (a callback's hint): its status is asked at the worker's next look. */
export async function hurryMove(db: Tx, id: number): Promise<void> {
  await db
    .update(moneyMoves)
    .set({ dueAt: new Date() })
    .where(and(eq(moneyMoves.id, id), eq(moneyMoves.status, 'pending')));
}

/** The user's proven number as MTN takes it (digits, country code first), or null. */
export async function provenNumberOf(db: Tx, userId: number): Promise<string | null> {
  const [row] = await db.select({ phone: users.verifiedPhone }).from(users).where(eq(users.id, userId));
  return row?.phone?.replace(/^\+/, '') ?? null;
}

/** Each user's proven number (without its +), for those who have one. */
export async function provenNumbersOf(db: Tx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, phone: users.verifiedPhone })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.flatMap((r) => (r.phone ? [[r.id, r.phone.replace(/^\+/, '')] as const] : [])));
}

/** The user's language (Orange's payment page speaks it). */
export async function languageOf(db: Tx, userId: number): Promise<'en' | 'fr'> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language === 'fr' ? 'fr' : 'en';
}

// ─── Reading for orders and managers ─────────────────────────────────────────

export type MoveWithPayee = MoveRow & { username: string };

const withPayee = { ...getTableColumns(moneyMoves), username: users.username };

/** One move with its payer's or payee's username. */
export async function moveWithPayee(db: Tx, id: number): Promise<MoveWithPayee | null> {
  const [row] = await db
    .select(withPayee)
    .from(moneyMoves)
    .innerJoin(users, eq(users.id, moneyMoves.userId))
    .where(eq(moneyMoves.id, id));
  return row ?? null;
}

/** Every move of these orders with its payer's or payee's username, oldest first. */
export async function movesByIds(db: Tx, ids: readonly number[]): Promise<MoveRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(moneyMoves)
    .where(inArray(moneyMoves.id, [...ids]));
}

export async function movesOfOrders(db: Tx, orderIds: readonly number[]): Promise<MoveWithPayee[]> {
  if (orderIds.length === 0) {
    return [];
  }
  return db
    .select(withPayee)
    .from(moneyMoves)
    .innerJoin(users, eq(users.id, moneyMoves.userId))
    .where(inArray(moneyMoves.orderId, [...orderIds]))
    .orderBy(asc(moneyMoves.id));
}

/** Payouts a manager must act on: waiting for a number or an account, or refused by the provider. */
export async function payoutsForManagers(db: Tx, limit: number): Promise<MoveWithPayee[]> {
  return db
    .select(withPayee)
    .from(moneyMoves)
    .innerJoin(users, eq(users.id, moneyMoves.userId))
    .where(
      and(
        sql`${moneyMoves.kind} <> 'collection'`,
        or(eq(moneyMoves.status, 'waiting'), inArray(moneyMoves.status, ['failed', 'expired'])),
      ),
    )
    .orderBy(asc(moneyMoves.id))
    .limit(limit);
}

/** A forward agreement's moves (its deposit's collection, payouts, deposits counted on its orders), oldest first. */
export function movesOfAgreement(db: Tx, agreementId: number): Promise<MoveRow[]> {
  return movesOfAgreements(db, [agreementId]);
}

/** The moves of these forward agreements, oldest first: one query for a list of them. */
export async function movesOfAgreements(db: Tx, agreementIds: readonly number[]): Promise<MoveRow[]> {
  if (agreementIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(moneyMoves)
    .where(inArray(moneyMoves.agreementId, [...agreementIds]))
    .orderBy(asc(moneyMoves.id));
}

export async function pendingCollectionOf(tx: Tx, orderId: number): Promise<MoveRow | null> {
  const [row] = await tx
    .select()
    .from(moneyMoves)
    .where(
      and(
        eq(moneyMoves.orderId, orderId),
        eq(moneyMoves.kind, 'collection'),
        eq(moneyMoves.status, 'pending'),
      ),
    );
  return row ?? null;
}

// ─── The operator's books ────────────────────────────────────────────────────

/**
 * The live event of an entry booked, in its transaction: managers' pages refetch the operator's figures, and every
 * instance drops its copy of them (heard when it commits: a posting has no bus at hand, so not as written).
 */
async function booksMoved(tx: Tx, entryId: number): Promise<void> {
  await tx.execute(
    sql`select ${notifyExpression({ type: 'books', id: entryId }, { userIdsSql: managersSql })}`,
  );
}

/** Books one event of a move in the operator's books (an entry and its balanced lines). */
export async function postOperatorEvent(
  tx: Tx,
  at: { orderId: number | null; moveId: number | null; memo: string },
  event: OperatorEvent,
): Promise<void> {
  const lines = operatorEntry(event);
  const [entry] = await tx.insert(operatorEntries).values(at).returning({ id: operatorEntries.id });
  if (!entry) {
    throw new Error('operator entry not inserted');
  }
  await booksMoved(tx, entry.id);
  await tx.insert(operatorLines).values(
    lines.map((l) => ({
      entryId: entry.id,
      account: l.account,
      debitCents: l.debit,
      creditCents: l.credit,
      orderId: l.unassigned ? null : at.orderId,
    })),
  );
}

/** Books one event for each of several moves: their entries in one statement, all their lines in another. */
export async function postOperatorEvents(
  tx: Tx,
  items: readonly { at: { orderId: number | null; moveId: number; memo: string }; event: OperatorEvent }[],
): Promise<void> {
  if (items.length === 0) {
    return;
  }
  const ints = (values: readonly (number | null)[]) =>
    `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
  const entries = rowsOf<{ id: number; move_id: number }>(
    await tx.execute(sql`
      insert into operator_entries (order_id, move_id, memo)
      select * from unnest(${ints(items.map((i) => i.at.orderId))}::int[], ${ints(items.map((i) => i.at.moveId))}::int[],
        ${textArray(items.map((i) => i.at.memo))}::text[])
      returning id, move_id`),
  );
  const entryOf = new Map(entries.map((e) => [e.move_id, e.id]));
  await booksMoved(tx, Math.max(...entries.map((e) => e.id)));
  const lines = items.flatMap(({ at, event }) => {
    const entryId = entryOf.get(at.moveId);
    if (entryId === undefined) {
      throw new Error('operator entry not inserted');
    }
    return operatorEntry(event).map((l) => ({ entryId, line: l, orderId: l.unassigned ? null : at.orderId }));
  });
  await tx.execute(sql`
    insert into operator_lines (entry_id, account, debit_cents, credit_cents, order_id)
    select * from unnest(${ints(lines.map((l) => l.entryId))}::int[], ${textArray(lines.map((l) => l.line.account))}::text[],
      ${ints(lines.map((l) => l.line.debit))}::bigint[], ${ints(lines.map((l) => l.line.credit))}::bigint[],
      ${ints(lines.map((l) => l.orderId))}::int[])`);
}

/** The operator's lines summed by account, over all orders or one order's. */
export async function operatorLinesOf(db: Tx, orderIds?: readonly number[]): Promise<OperatorLine[]> {
  const rows = await db
    .select({
      account: operatorLines.account,
      debit: sql<string>`coalesce(sum(${operatorLines.debitCents}), 0)`,
      credit: sql<string>`coalesce(sum(${operatorLines.creditCents}), 0)`,
    })
    .from(operatorLines)
    .where(orderIds === undefined ? undefined : inArray(operatorLines.orderId, [...orderIds]))
    .groupBy(operatorLines.account);
  return rows.map((r) => ({ account: r.account, debit: Number(r.debit), credit: Number(r.credit) }));
}

/** Each order's balances of the operator's liabilities, for the orders that still hold money, largest first. */
export async function operatorBalancesByOrder(
  db: Tx,
  limit: number,
): Promise<{ orderId: number; account: string; balance: number }[]> {
  const rows = await db.execute(sql`
    with held as (
      select order_id from operator_lines
      where order_id is not null and account in ('escrow', 'owed_to_sellers', 'owed_to_buyers')
      group by order_id having sum(credit_cents - debit_cents) <> 0
      order by sum(credit_cents - debit_cents) desc, order_id
      limit ${limit}
    )
    select l.order_id, l.account, sum(l.credit_cents - l.debit_cents)::bigint as balance
    from operator_lines l join held h on h.order_id = l.order_id
    where l.account in ('escrow', 'owed_to_sellers', 'owed_to_buyers')
    group by l.order_id, l.account`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    orderId: r.order_id as number,
    account: r.account as string,
    balance: Number(r.balance),
  }));
}

/** Orders whose escrow still holds money not yet decided for either side. */
export async function ordersHoldingEscrow(db: Tx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: operatorLines.orderId })
    .from(operatorLines)
    .where(eq(operatorLines.account, 'escrow'))
    .groupBy(operatorLines.orderId)
    .having(sql`sum(${operatorLines.creditCents} - ${operatorLines.debitCents}) > 0`)
    .orderBy(asc(operatorLines.orderId))
    .limit(limit);
  return rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));
}
