// Intakes at a co-operative's store: a keeper records a member's bags, which join the open bulk lot of that crop
// and grade in the store, and the member gets a receipt by SMS in their language. A wrong intake is corrected by a
// reversing entry (its weight taken back out of the lot), never edited. Members read their own intakes.
import type { z } from 'zod';
import type { TBulkLot, TCollectionDay, TIntake, ZIntakeInput, ZIntakeQuery } from '../../contract/groups';
import { kgToTons } from '../../contract/quantity';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { today } from '../finance';
import type { SessionUser } from '../http/access';
import { AppError, badRequest, conflict } from '../http/errors';
import { notify } from '../notifications';
import { addIntakeToBulkLot, lotsOwnedBy, salesFromLots, storesOwnedBy, takeIntakeBack } from '../stock';
import { coopFor, coopForReading } from './group-access';
import { memberRow } from './groups.repo';
import { collectionDayOf } from './hooks';
import { newIntakeReference } from './intake-reference';
import {
  contributionsTo,
  type IntakeRow,
  type IntakeView,
  insertIntake,
  intakeOfGroup,
  intakePage,
  intakeViewOf,
  lotSettled,
  nextIntakeId,
  referenceOf,
  reversalOf,
} from './intakes.repo';
import { statementCache } from './statement-cache';

export async function recordIntake(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof ZIntakeInput>,
): Promise<TIntake> {
  const date = input.date ?? today();
  if (date > today()) {
    throw badRequest('groups.validation.date');
  }
  const id = await ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, user, groupId, 'keep');
    const member = await memberRow(tx, groupId, input.memberId);
    if (member?.status !== 'active') {
      throw new AppError('notFound', 'groups.errors.memberNotActive', {}, {}, ['memberId']);
    }
    const stores = await storesOwnedBy(tx, coop.accountId);
    const store = stores.find((s) => s.id === input.storeId);
    if (!store) {
      throw new AppError('notFound', 'groups.errors.storeNotInGroup', {}, {}, ['storeId']);
    }
    const intakeId = await nextIntakeId(tx);
    const lot = await addIntakeToBulkLot(tx, ctx.bus, {
      ownerId: coop.accountId,
      storeId: store.id,
      crop: input.crop,
      grade: input.grade,
      moistureTenths: input.moisture === undefined ? null : Math.round(input.moisture * 10),
      kg: input.quantity,
      intakeId,
      happenedOn: date,
      by: user.id,
    });
    const row = await insertWithReference(tx, {
      id: intakeId,
      groupId,
      memberId: input.memberId,
      crop: input.crop,
      grade: input.grade,
      moistureTenths: input.moisture === undefined ? null : Math.round(input.moisture * 10),
      quantityKg: input.quantity,
      bags: input.bags ?? null,
      storeId: store.id,
      lotId: lot.id,
      date,
      recordedBy: user.id,
    });
    await receipt(ctx, tx, coop.group.name, row, 'coop_intake');
    return row.id;
  });
  statementCache.of(ctx).dropMembers([input.memberId]);
  return presentIntake(await intakeViewOf(ctx.db, id));
}

async function insertWithReference(
  tx: Tx,
  values: Omit<Parameters<typeof insertIntake>[1], 'reference'>,
): Promise<IntakeRow> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const row = await insertIntake(tx, { ...values, reference: newIntakeReference() });
    if (row) {
      return row;
    }
  }
  throw new Error('no free intake reference');
}

/** The member's copy, in their language, by SMS where they take them (a receipt is business: on by default). */
async function receipt(
  ctx: AppContext,
  tx: Tx,
  groupName: string,
  row: IntakeRow,
  type: 'coop_intake' | 'coop_intake_reversed',
): Promise<void> {
  const about = {
    group: groupName,
    crop: row.crop,
    grade: row.grade,
    kg: Math.abs(row.quantityKg),
    day: row.date,
  };
  if (type === 'coop_intake_reversed') {
    // The reversing entry's receipt names the one it cancels.
    const ref = (row.reversalOf !== null && (await referenceOf(tx, row.reversalOf))) || row.reference;
    await notify(tx, ctx, [row.memberId], {
      type,
      data: { ...about, ref, note: row.reason ?? '' },
      link: `/groups/${row.groupId}`,
    });
    return;
  }
  const missing = [row.bags === null ? 'no_bags' : null, row.moistureTenths === null ? 'no_moisture' : null]
    .filter((m) => m !== null)
    .join('_');
  await notify(tx, ctx, [row.memberId], {
    type,
    data: {
      ...about,
      bags: row.bags ?? '',
      moisture: row.moistureTenths === null ? '' : row.moistureTenths / 10,
      ref: row.reference,
      ...(missing === '' ? {} : { reason: missing }),
    },
    link: `/groups/${row.groupId}`,
  });
}

/** A correcting entry: the intake's weight back out of its lot (only what is not listed or sold), once. */
export async function reverseIntake(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  intakeId: number,
  reason: string,
): Promise<TIntake> {
  const id = await ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, user, groupId, 'keep');
    const intake = await intakeOfGroup(tx, groupId, intakeId);
    if (!intake) {
      throw new AppError('notFound', 'groups.errors.intakeNotFound');
    }
    if (intake.reversalOf !== null || (await reversalOf(tx, intake.id))) {
      throw conflict('groups.errors.alreadyReversed');
    }
    if (await lotSettled(tx, intake.lotId)) {
      throw conflict('groups.errors.orderSettled');
    }
    const day = today();
    const taken = await takeIntakeBack(tx, ctx.bus, {
      lotId: intake.lotId,
      kg: intake.quantityKg,
      happenedOn: day,
      by: user.id,
      note: reason,
    });
    if (!taken) {
      throw conflict('groups.errors.reversalNotFree');
    }
    const row = await insertWithReference(tx, {
      groupId,
      memberId: intake.memberId,
      crop: intake.crop,
      grade: intake.grade,
      moistureTenths: intake.moistureTenths,
      quantityKg: -intake.quantityKg,
      bags: intake.bags,
      storeId: intake.storeId,
      lotId: intake.lotId,
      date: day,
      reversalOf: intake.id,
      reason,
      recordedBy: user.id,
    });
    await receipt(ctx, tx, coop.group.name, row, 'coop_intake_reversed');
    return { id: row.id, memberId: row.memberId };
  });
  statementCache.of(ctx).dropMembers([id.memberId]);
  return presentIntake(await intakeViewOf(ctx.db, id.id));
}

/** Keepers and admins read every intake; a member their own. Today's collection day (the calendar's) with them. */
export async function listIntakes(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  query: z.output<typeof ZIntakeQuery>,
): Promise<{ items: TIntake[]; next: number | null; collectionDay: TCollectionDay | null }> {
  const coop = await coopForReading(ctx, user, groupId, 'member');
  const keeps = coop.role === 'admin' || coop.role === 'store_keeper';
  const rows = await intakePage(ctx.db, groupId, {
    memberId: keeps ? query.member : user.id,
    lotId: query.lot,
    cursor: query.cursor,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(presentIntake),
    next: rows.length > query.limit ? (page.at(-1)?.intake.id ?? null) : null,
    collectionDay: await collectionDayOf.call(ctx.db, groupId, today()),
  };
}

export function presentIntake(view: IntakeView): TIntake {
  const { intake } = view;
  return {
    id: intake.id,
    member: { id: intake.memberId, username: view.memberName },
    crop: intake.crop,
    grade: intake.grade,
    moisture: intake.moistureTenths === null ? null : intake.moistureTenths / 10,
    quantity: intake.quantityKg < 0 ? -kgToTons(-intake.quantityKg) : kgToTons(intake.quantityKg),
    bags: intake.bags,
    store: { id: intake.storeId, name: view.storeName },
    lotId: intake.lotId,
    date: intake.date,
    reference: intake.reference,
    reversalOf: intake.reversalOf,
    reversedBy: view.reversedBy,
    reason: intake.reason,
    recordedBy:
      intake.recordedBy === null ? null : { id: intake.recordedBy, username: view.recorderName ?? '' },
    createdAt: intake.createdAt.toISOString(),
  };
}

/** The co-operative's lots with who delivered into each (keepers and admins). */
export async function bulkLots(ctx: AppContext, user: SessionUser, groupId: number): Promise<TBulkLot[]> {
  const coop = await coopForReading(ctx, user, groupId, 'keep');
  const lots = await lotsOwnedBy(ctx.db, coop.accountId);
  const ids = lots.map((l) => l.id);
  const [contributions, sales, stores] = [
    await contributionsTo(ctx.db, ids),
    await salesFromLots(ctx.db, ids),
    await storesOwnedBy(ctx.db, coop.accountId),
  ];
  return lots.map((lot) => {
    const mine = contributions.filter((c) => c.lotId === lot.id);
    const store = stores.find((s) => s.id === lot.storeId);
    return {
      lotId: lot.id,
      crop: lot.crop,
      grade: lot.grade,
      store: { id: lot.storeId, name: store?.name ?? '', kind: store?.kind ?? 'coop' },
      quantity: kgToTons(lot.quantityKg),
      reserved: kgToTons(lot.reservedKg),
      delivered: kgToTons(mine.reduce((sum, c) => sum + c.kg, 0)),
      members: mine.length,
      open: lot.reservedKg === 0 && !sales.some((s) => s.lotId === lot.id),
      contributions: mine.map((c) => ({
        member: { id: c.memberId, username: c.username },
        quantity: kgToTons(c.kg),
      })),
    };
  });
}
