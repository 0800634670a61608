// Intakes at a co-operative's store through the real server: a keeper's intakes join one open bulk lot per crop,
// grade and store (a stock lot of the co-op's party), each member gets a receipt in their language and reads only
// their own; a wrong intake is corrected by a reversing entry (once, and only from stock not listed); who may record;
// and twenty intakes at once into one lot add up exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBulkLot, TIntake } from '../../contract/groups';
import type { TNotification } from '../../contract/notifications';
import type { TLotDetail } from '../../contract/stock';
import { sender } from '../test/agent-sale';
import { refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { type Coop, intakeFor, joinByInvitation, makeCoop } from '../test/groups';
import { createTestApp, ok, registerUser, type Session, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const lotsOf = async (coop: Coop, who: Session = coop.keeper) =>
  (await ok<{ data: TBulkLot[] }>(await send(who, 'GET', `/api/groups/${coop.group.id}/lots`))).data;
const intakesAs = async (coop: Coop, who: Session, query = '') =>
  (await ok<{ data: TIntake[] }>(await send(who, 'GET', `/api/groups/${coop.group.id}/intakes${query}`)))
    .data;
const reverse = (coop: Coop, who: Session, intakeId: number) =>
  send(who, 'POST', `/api/groups/${coop.group.id}/intakes/${intakeId}/reversal`, { reason: 'Weighed twice' });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('intakes into bulk lots', () => {
  it('adds two members’ intakes to one open lot of the co-op’s, whose contributions add up', async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [a, b] = coop.members as [Session, Session];
    const first = await intakeFor(send, coop, coop.keeper, a, { quantity: 0.3, bags: 6, moisture: 13 });
    expect(first).toMatchObject({
      member: { id: a.user.id },
      crop: 'Maize',
      grade: 'B',
      moisture: 13,
      quantity: 0.3,
      bags: 6,
      store: { id: coop.store.id },
      reversalOf: null,
      reversedBy: null,
      recordedBy: { id: coop.keeper.user.id },
    });
    expect(first.reference).toHaveLength(4);
    const second = await intakeFor(send, coop, coop.keeper, b, { quantity: 0.5, moisture: 14 });
    const more = await intakeFor(send, coop, coop.admin, a, { quantity: 0.2 });
    expect(second.lotId).toBe(first.lotId);
    expect(more.lotId).toBe(first.lotId);
    const [lot] = await lotsOf(coop);
    expect(lot).toMatchObject({
      lotId: first.lotId,
      crop: 'Maize',
      grade: 'B',
      store: { id: coop.store.id, kind: 'coop' },
      quantity: 1,
      reserved: 0,
      delivered: 1,
      members: 2,
      open: true,
    });
    expect(lot?.contributions.map((c) => [c.member.id, c.quantity])).toEqual([
      [a.user.id, 0.5],
      [b.user.id, 0.5],
    ]);
    // The stock lot is the co-op's party's, in its store, and its keeper sees it.
    const stock = await ok<TLotDetail>(await send(coop.keeper, 'GET', `/api/lots/${first.lotId}`));
    expect(stock).toMatchObject({
      owner: { id: coop.group.account?.id },
      quantity: 1,
      grade: 'B',
      store: { id: coop.store.id },
    });
    // The weighted moisture of what came in, where said: (0.3 × 13 + 0.5 × 14) / 0.8.
    expect(stock.moisture).toBeCloseTo(13.6, 1);
  });

  it('starts another lot for another grade (and another crop)', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const member = coop.members[0] as Session;
    const b = await intakeFor(send, coop, coop.keeper, member);
    const a = await intakeFor(send, coop, coop.keeper, member, { grade: 'A' });
    const beans = await intakeFor(send, coop, coop.keeper, member, { crop: 'Beans' });
    expect(new Set([a.lotId, b.lotId, beans.lotId]).size).toBe(3);
    expect((await lotsOf(coop)).map((l) => [l.lotId, l.crop, l.grade])).toEqual([
      [b.lotId, 'Maize', 'B'],
      [a.lotId, 'Maize', 'A'],
      [beans.lotId, 'Beans', 'B'],
    ]);
  });

  it('sends each member a receipt in their language', async () => {
    const coop = await makeCoop(t, send, { members: 0 });
    const french = await registerUser(t.app, { language: 'fr' });
    const english = await registerUser(t.app, { language: 'en' });
    await joinByInvitation(send, coop.group.id, coop.admin, french);
    await joinByInvitation(send, coop.group.id, coop.admin, english);
    const fr = await intakeFor(send, coop, coop.keeper, french, { bags: 6, moisture: 13, quantity: 0.3 });
    const en = await intakeFor(send, coop, coop.keeper, english, { bags: 6, moisture: 13, quantity: 0.3 });
    const receiptOf = async (who: Session, ref: string) =>
      (await ok<TNotification[]>(await send(who, 'GET', '/api/notifications'))).find(
        (n) => n.type === 'coop_intake' && n.data.ref === ref,
      );
    const frNote = await receiptOf(french, fr.reference);
    const enNote = await receiptOf(english, en.reference);
    expect(frNote).toMatchObject({
      link: `/groups/${coop.group.id}`,
      data: { group: 'Coop Menoua', kg: 300 },
    });
    expect(frNote?.text).toContain(`reçu ${fr.reference}`);
    expect(frNote?.text).toContain('300 kg');
    expect(frNote?.text).toContain('6 sacs');
    expect(enNote?.text).toContain(`receipt ${en.reference}`);
    expect(enNote?.text).toContain('6 bags');
    // Nobody else hears of it.
    expect(await receiptOf(coop.keeper, fr.reference)).toBeUndefined();
  });

  it('a member reads only their own intakes; a keeper and an admin all of them', async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [a, b] = coop.members as [Session, Session];
    const ofA = await intakeFor(send, coop, coop.keeper, a);
    const ofB = await intakeFor(send, coop, coop.keeper, b);
    expect((await intakesAs(coop, a)).map((i) => i.id)).toEqual([ofA.id]);
    // A member asking for another's gets their own still.
    expect((await intakesAs(coop, a, `?member=${b.user.id}`)).map((i) => i.id)).toEqual([ofA.id]);
    expect((await intakesAs(coop, coop.keeper)).map((i) => i.id)).toEqual([ofB.id, ofA.id]);
    expect((await intakesAs(coop, coop.admin, `?member=${b.user.id}`)).map((i) => i.id)).toEqual([ofB.id]);
    // The bulk lots are the keepers' and admins' to read.
    refused(await send(a, 'GET', `/api/groups/${coop.group.id}/lots`), 403, 'groups.errors.notKeeper');
    refused(
      await send(await userWithRole(t.app, t.ctx, 'farmer'), 'GET', `/api/groups/${coop.group.id}/intakes`),
      404,
    );
  });
});

describe('reversing entries', () => {
  it('take the intake back out of its lot, once', async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [a, b] = coop.members as [Session, Session];
    const wrong = await intakeFor(send, coop, coop.keeper, a, { quantity: 0.4 });
    await intakeFor(send, coop, coop.keeper, b, { quantity: 0.6 });
    const reversal = await ok<TIntake>(await reverse(coop, coop.keeper, wrong.id), 201);
    expect(reversal).toMatchObject({
      member: { id: a.user.id },
      quantity: -0.4,
      lotId: wrong.lotId,
      reversalOf: wrong.id,
      reason: 'Weighed twice',
    });
    const [lot] = await lotsOf(coop);
    expect(lot).toMatchObject({ quantity: 0.6, delivered: 0.6, members: 1 });
    expect(lot?.contributions.map((c) => c.member.id)).toEqual([b.user.id]);
    const listed = await intakesAs(coop, a);
    expect(listed.map((i) => [i.id, i.quantity, i.reversedBy])).toEqual([
      [reversal.id, -0.4, null],
      [wrong.id, 0.4, reversal.id],
    ]);
    // The member hears that the receipt is cancelled.
    const notes = await ok<TNotification[]>(await send(a, 'GET', '/api/notifications'));
    expect(notes.find((n) => n.type === 'coop_intake_reversed')?.data.ref).toBe(wrong.reference);
    refused(await reverse(coop, coop.keeper, wrong.id), 409, 'groups.errors.alreadyReversed');
    refused(await reverse(coop, coop.admin, reversal.id), 409, 'groups.errors.alreadyReversed');
    expect((await lotsOf(coop))[0]?.quantity).toBe(0.6);
  });

  it('are refused when the lot’s stock is listed beyond what is free, and change nothing', async () => {
    const coop = await makeCoop(t, send, { members: 2 });
    const [a, b] = coop.members as [Session, Session];
    const wrong = await intakeFor(send, coop, coop.keeper, a, { quantity: 0.5 });
    await intakeFor(send, coop, coop.keeper, b, { quantity: 0.5 });
    await ok(
      await send(coop.admin, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 0.8,
        price: 300,
        grade: 'B',
        lotId: wrong.lotId,
        onBehalfOf: coop.group.account?.id,
      }),
      201,
    );
    refused(await reverse(coop, coop.keeper, wrong.id), 409, 'groups.errors.reversalNotFree');
    const [lot] = await lotsOf(coop);
    expect(lot).toMatchObject({ quantity: 1, reserved: 0.8, delivered: 1, open: false });
    expect((await intakesAs(coop, coop.keeper)).map((i) => i.reversedBy)).toEqual([null, null]);
    // A listed lot is closed: the next intake starts a new one.
    const next = await intakeFor(send, coop, coop.keeper, a);
    expect(next.lotId).not.toBe(wrong.lotId);
  });

  it('are for keepers and admins of the intake’s own co-op', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const other = await makeCoop(t, send, { members: 1 });
    const intake = await intakeFor(send, coop, coop.keeper, coop.members[0] as Session);
    refused(await reverse(coop, coop.members[0] as Session, intake.id), 403, 'groups.errors.notKeeper');
    refused(await reverse(coop, other.keeper, intake.id), 404, 'groups.errors.notFound');
    refused(await reverse(other, other.keeper, intake.id), 404, 'groups.errors.intakeNotFound');
    expect((await lotsOf(coop))[0]?.quantity).toBe(0.3);
  });
});

describe('who may record what', () => {
  it('refuses outsiders (404), plain members (403), another co-op’s store, a member not active, a future date', async () => {
    const coop = await makeCoop(t, send, { members: 1 });
    const member = coop.members[0] as Session;
    const other = await makeCoop(t, send, { members: 1 });
    const body = {
      memberId: member.user.id,
      crop: 'Maize',
      grade: 'B',
      quantity: 0.3,
      storeId: coop.store.id,
    };
    const url = `/api/groups/${coop.group.id}/intakes`;
    refused(
      await send(await userWithRole(t.app, t.ctx, 'farmer'), 'POST', url, body),
      404,
      'groups.errors.notFound',
    );
    refused(await send(other.keeper, 'POST', url, body), 404, 'groups.errors.notFound');
    refused(await send(member, 'POST', url, body), 403, 'groups.errors.notKeeper');
    refused(
      await send(coop.keeper, 'POST', url, { ...body, storeId: other.store.id }),
      404,
      'groups.errors.storeNotInGroup',
    );
    refused(
      await send(coop.keeper, 'POST', url, { ...body, memberId: other.members[0]?.user.id }),
      404,
      'groups.errors.memberNotActive',
    );
    const future = await send(coop.keeper, 'POST', url, { ...body, date: tomorrow() });
    expect(future.statusCode).toBe(400);
    const zero = await send(coop.keeper, 'POST', url, { ...body, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    // Nothing of it was written.
    expect(await intakesAs(coop, coop.keeper)).toEqual([]);
    expect(await lotsOf(coop)).toEqual([]);
    expect(await lotsOf(other)).toEqual([]);
  });
});

describe('at once', () => {
  // Found on PostgreSQL: with no open lot yet, intakes at once each started their own lot.
  it('twenty first intakes in parallel start one lot between them', async () => {
    const coop = await makeCoop(t, send, { members: 4 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(coop.keeper, 'POST', `/api/groups/${coop.group.id}/intakes`, {
          memberId: coop.members[i % 4]?.user.id,
          crop: 'Maize',
          grade: 'C',
          quantity: 0.05,
          storeId: coop.store.id,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const lots = await lotsOf(coop);
    expect(lots.map((l) => [l.grade, l.quantity, l.members])).toEqual([['C', 1, 4]]);
  });

  it('twenty intakes in parallel into one lot add up exactly', async () => {
    const coop = await makeCoop(t, send, { members: 4 });
    const first = await intakeFor(send, coop, coop.keeper, coop.members[0] as Session, { quantity: 0.1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(coop.keeper, 'POST', `/api/groups/${coop.group.id}/intakes`, {
          memberId: coop.members[i % 4]?.user.id,
          crop: 'Maize',
          grade: 'B',
          quantity: 0.05,
          storeId: coop.store.id,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json<TIntake>().lotId))).toEqual(new Set([first.lotId]));
    expect(new Set(results.map((r) => r.json<TIntake>().reference)).size).toBe(20);
    const lots = await lotsOf(coop);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ quantity: 1.1, delivered: 1.1, members: 4 });
    expect(lots[0]?.contributions.map((c) => c.quantity)).toEqual([0.35, 0.25, 0.25, 0.25]);
    expect((await ok<TLotDetail>(await send(coop.keeper, 'GET', `/api/lots/${first.lotId}`))).quantity).toBe(
      1.1,
    );
  });
});
