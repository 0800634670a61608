// What is recorded against a plan, through the real server: inputs booked as farm expenses (or linked to one booked
// before, never twice), harvests in any unit (uses adding up, a final one closing the plan), the plan's money from the
// ledger (its crop's sales after its harvest taken automatically, re-tagged by the farmer), and the books balanced.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCropPlan, TCropPlanDetails, THarvest, TPlanInput, TPlots } from '../../contract/crop-plans';
import type { TTransaction } from '../../contract/finance';
import { sender } from '../test/agent-sale';
import { farmWithPlan, inDays, refused } from '../test/crops';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithRole(t.app, t.ctx, 'farmer');
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);
const readPlan = async (id: number) =>
  ok<TCropPlanDetails>(await send(owner, 'GET', `/api/crop-plans/${id}`));
const addInput = (planId: number, body: object) =>
  send(owner, 'POST', `/api/crop-plans/${planId}/inputs`, {
    kind: 'seed',
    name: 'Hybrid seed',
    date: inDays(-30),
    ...body,
  });
const plotsOf = async (farmId: number) =>
  (await ok<TPlots>(await send(owner, 'GET', `/api/farms/${farmId}/plots`))).plots.map((p) => p.id);
const addHarvest = (planId: number, body: object) =>
  send(owner, 'POST', `/api/crop-plans/${planId}/harvests`, { date: inDays(-10), ...body });
const transactionsOf = async (farmId: number) =>
  ok<TTransaction[]>(await send(owner, 'GET', `/api/farms/${farmId}/transactions`));
const expense = async (farmId: number, body: object = {}) =>
  ok<TTransaction>(
    await send(owner, 'POST', `/api/farms/${farmId}/transactions`, {
      type: 'expense',
      category: 'fertilizer',
      amount: 80,
      date: inDays(-20),
      ...body,
    }),
    201,
  );

/** Every journal entry of the farm balances (debits = credits), and the balance sheet adds up. */
async function booksBalance(farmId: number) {
  const result = await t.ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select e.id from journal_entries e join journal_lines l on l.entry_id = e.id
      where e.farm_id = ${farmId} group by e.id having sum(l.debit_cents) <> sum(l.credit_cents)) unbalanced`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  expect(Number(rows[0]?.n)).toBe(0);
  const sheet = await ok<{ data: { totalAssets: number; totalLiabilities: number; totalEquity: number } }>(
    await send(owner, 'POST', `/api/farms/${farmId}/reports`, { type: 'balance_sheet', period: 'yearly' }),
    201,
  );
  expect(sheet.data.totalLiabilities + sheet.data.totalEquity).toBeCloseTo(sheet.data.totalAssets, 2);
  return sheet.data;
}

describe('inputs', () => {
  it("books an input as a farm expense under its kind's category, in the plan's money", async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner);
    const seed = await ok<TPlanInput>(await addInput(plan.id, { quantity: 25, unit: 'kg', cost: 45.5 }), 201);
    expect(seed).toMatchObject({ kind: 'seed', name: 'Hybrid seed', quantity: 25, unit: 'kg', cost: 45.5 });
    const fert = await ok<TPlanInput>(
      await addInput(plan.id, { kind: 'fertiliser', name: 'NPK 20-10-10', cost: 120, date: inDays(-25) }),
      201,
    );
    await ok(await addInput(plan.id, { kind: 'hire', name: 'Tractor', cost: 30 }), 201);
    const booked = await transactionsOf(farm.id);
    expect(booked.find((x) => x.id === seed.transactionId)).toMatchObject({
      type: 'expense',
      category: 'seeds',
      amount: 45.5,
      date: inDays(-30),
    });
    expect(booked.find((x) => x.id === fert.transactionId)).toMatchObject({
      category: 'fertilizer',
      amount: 120,
    });
    expect(booked.filter((x) => x.category === 'repairs')).toHaveLength(1);
    const page = await readPlan(plan.id);
    expect(page.inputs.map((i) => [i.name, i.cost])).toEqual(
      expect.arrayContaining([
        ['Hybrid seed', 45.5],
        ['NPK 20-10-10', 120],
        ['Tractor', 30],
      ]),
    );
    expect(page.money).toMatchObject({ inputs: 195.5, sales: 0, margin: -195.5, costPerTon: null });
    await booksBalance(farm.id);
  });

  it('links an expense booked before instead of booking it twice; refuses what it cannot link', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner);
    const paid = await expense(farm.id);
    const before = (await transactionsOf(farm.id)).length;
    const linked = await ok<TPlanInput>(
      await addInput(plan.id, { kind: 'fertiliser', name: 'Urea', transactionId: paid.id }),
      201,
    );
    expect(linked).toMatchObject({ transactionId: paid.id, cost: 80 });
    expect((await transactionsOf(farm.id)).length).toBe(before);
    expect((await readPlan(plan.id)).money.inputs).toBe(80);
    refused(
      await addInput(plan.id, { name: 'Urea again', transactionId: paid.id }),
      409,
      'crops.errors.transactionLinked',
    );
    const income = await ok<TTransaction>(
      await send(owner, 'POST', `/api/farms/${farm.id}/transactions`, {
        type: 'income',
        category: 'produce_sales',
        amount: 10,
        date: inDays(-3),
      }),
      201,
    );
    refused(await addInput(plan.id, { transactionId: income.id }), 404, 'crops.errors.transactionNotExpense');
    const other = await farmWithPlan(t, send, owner);
    const theirs = await expense(other.farm.id);
    refused(await addInput(plan.id, { transactionId: theirs.id }), 404, 'crops.errors.transactionNotExpense');
    refused(await addInput(plan.id, { cost: 5, transactionId: paid.id }), 400);
    refused(await addInput(plan.id, {}), 400);
    const page = await readPlan(plan.id);
    expect(page.inputs).toHaveLength(1);
    expect((await transactionsOf(farm.id)).length).toBe(before + 1);
    refused(await addInput(2_000_000_000, { cost: 5 }), 404, 'crops.errors.planNotFound');
  });
});

describe('harvests', () => {
  it('converts each unit to tons, refuses uses that do not add up, and gives the yield per hectare', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner, { size: 2 });
    refused(
      await addHarvest(plan.id, { quantity: 10, unit: 'bag100', uses: { sold: 6, home: 3 } }),
      400,
      'crops.errors.usesDontAddUp',
    );
    expect((await readPlan(plan.id)).harvests).toEqual([]);
    const kg = await ok<THarvest>(await addHarvest(plan.id, { quantity: 500, unit: 'kg' }), 201);
    expect(kg).toMatchObject({ quantity: 0.5, entered: { quantity: 500, unit: 'kg' }, final: false });
    expect(kg.uses).toEqual({ sold: 0, home: 0, feed: 0, stored: 0.5, lost: 0 });
    const bags = await ok<THarvest>(
      await addHarvest(plan.id, {
        quantity: 10,
        unit: 'bag50',
        grade: 'A',
        moisture: 13.5,
        uses: { sold: 6, home: 2.5, feed: 0.5, lost: 1 },
      }),
      201,
    );
    expect(bags).toMatchObject({ quantity: 0.5, grade: 'A', moisture: 13.5 });
    expect(bags.uses).toEqual({ sold: 0.3, home: 0.125, feed: 0.025, stored: 0, lost: 0.05 });
    expect(
      (await ok<THarvest>(await addHarvest(plan.id, { quantity: 5, unit: 'bag100' }), 201)).quantity,
    ).toBe(0.5);
    expect((await ok<THarvest>(await addHarvest(plan.id, { quantity: 1.5, unit: 't' }), 201)).quantity).toBe(
      1.5,
    );
    const page = await readPlan(plan.id);
    expect(page.harvests).toHaveLength(4);
    expect(page.harvested).toEqual({ quantity: 3, perHectare: 1.5 });
    expect(page.status).toBe('active');
    refused(
      await addHarvest(plan.id, { date: '2026-03-01', quantity: 1, unit: 't' }),
      400,
      'crops.errors.harvestBeforePlanting',
    );
    refused(await addHarvest(plan.id, { quantity: 1, unit: 'sack' }), 400);
    refused(await addHarvest(plan.id, { quantity: 0, unit: 't' }), 400);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    refused(
      await send(stranger, 'POST', `/api/crop-plans/${plan.id}/harvests`, {
        date: inDays(-1),
        quantity: 1,
        unit: 't',
      }),
      404,
      'crops.errors.planNotFound',
    );
    expect((await readPlan(plan.id)).harvests).toHaveLength(4);
    await booksBalance(farm.id);
  });

  it('a final harvest closes the plan: no second harvest', async () => {
    const { farm } = await farmWithPlan(t, send, owner);
    // A plan made through the API has its whole calendar (the farm's first plan only the tasks still ahead).
    const plan = await ok<TCropPlan>(
      await send(owner, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: (await plotsOf(farm.id))[0],
        crop: 'maize',
        area: 1,
        plantingDate: inDays(-140),
      }),
      201,
    );
    await ok(await addHarvest(plan.id, { quantity: 20, unit: 'bag100', final: true }), 201);
    const page = await readPlan(plan.id);
    expect(page.status).toBe('harvested');
    // Its harvest task is done on the harvest's day; field work left is skipped; drying and storage stay to do.
    const byKind = (kind: string) => page.tasks.filter((task) => task.kind === kind);
    expect(byKind('harvest')).toEqual([expect.objectContaining({ status: 'done', doneAt: inDays(-10) })]);
    expect(byKind('scouting').every((task) => task.status !== 'open')).toBe(true);
    expect(byKind('drying_storage').every((task) => task.status === 'open')).toBe(true);
    expect(byKind('drying_storage').length).toBeGreaterThan(0);
    refused(await addHarvest(plan.id, { quantity: 1, unit: 't' }), 409, 'crops.errors.planClosed');
    refused(
      await addHarvest(plan.id, { quantity: 1, unit: 't', date: inDays(1) }),
      400,
      'crops.errors.harvestInFuture',
    );
    refused(await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, { reason: 'other' }), 409);
    // Its inputs may still be recorded after the harvest (paid late).
    await ok(await addInput(plan.id, { kind: 'labour', name: 'Shelling', cost: 15 }), 201);
  });
});

describe("a plan's money", () => {
  it('takes its crop sold after its harvest, lets the farmer take it out or move money, and keeps the books', async () => {
    const { farm, plan } = await farmWithPlan(t, send, owner, { size: 2 });
    const seed = await ok<TPlanInput>(await addInput(plan.id, { cost: 100 }), 201);
    await ok(await addInput(plan.id, { kind: 'fertiliser', name: 'NPK', cost: 150 }), 201);
    await ok(await addHarvest(plan.id, { quantity: 5, unit: 't' }), 201);
    const listing = await ok<{ id: number }>(
      await send(owner, 'POST', '/api/commodities', { name: 'Maize', quantity: 5, price: 200, grade: 'A' }),
      201,
    );
    const sell = async (date: string) =>
      ok<{ id: number; totalAmount: number }>(
        await send(owner, 'POST', `/api/farms/${farm.id}/sales`, {
          type: 'commodity',
          commodityId: listing.id,
          date,
          quantity: 2,
          pricePerUnit: 250,
        }),
        201,
      );
    const before = await sell(inDays(-15));
    const sale = await sell(inDays(-2));
    let page = await readPlan(plan.id);
    expect(page.links.filter((l) => l.source === 'sale')).toEqual([
      { source: 'sale', id: sale.id, date: inDays(-2), amount: 500, type: 'income', automatic: true },
    ]);
    expect(page.links.find((l) => l.id === before.id && l.source === 'sale')).toBeUndefined();
    expect(page.money).toEqual({ inputs: 250, sales: 500, margin: 250, costPerTon: 50 });
    await booksBalance(farm.id);

    // The farmer takes the sale out: it stays out.
    const unlink = `/api/crop-plans/${plan.id}/links/sale/${sale.id}`;
    expect((await send(owner, 'DELETE', unlink)).statusCode).toBe(204);
    page = await readPlan(plan.id);
    expect(page.money).toMatchObject({ sales: 0, margin: -250 });
    expect((await readPlan(plan.id)).links.some((l) => l.source === 'sale')).toBe(false);
    // ...and puts the earlier one in by hand.
    const link = (planId: number, body: object) =>
      send(owner, 'POST', `/api/crop-plans/${planId}/links`, body);
    expect((await link(plan.id, { source: 'sale', id: before.id })).statusCode).toBe(204);
    page = await readPlan(plan.id);
    expect(page.links.find((l) => l.source === 'sale')).toMatchObject({ id: before.id, automatic: false });
    expect(page.money.sales).toBe(500);

    // An input's expense moved to another plan of the farm leaves this one.
    const second = await ok<{ id: number }>(
      await send(owner, 'POST', `/api/farms/${farm.id}/crop-plans`, {
        plotId: plan.plotId,
        crop: 'groundnut',
        area: 0.5,
        plantingDate: inDays(5),
      }),
      201,
    );
    expect((await link(second.id, { source: 'transaction', id: seed.transactionId })).statusCode).toBe(204);
    expect((await readPlan(plan.id)).money.inputs).toBe(150);
    expect((await readPlan(second.id)).money).toMatchObject({ inputs: 100, sales: 0, margin: -100 });
    // Money the farm does not have is no link.
    const other = await farmWithPlan(t, send, owner);
    const theirs = await expense(other.farm.id);
    refused(await link(plan.id, { source: 'transaction', id: theirs.id }), 404, 'crops.errors.moneyNotFound');
    refused(await link(plan.id, { source: 'sale', id: 2_000_000_000 }), 404, 'crops.errors.moneyNotFound');
    refused(await link(plan.id, { source: 'order', id: 1 }), 400);
    const stranger = await userWithRole(t.app, t.ctx, 'farmer');
    refused(await send(stranger, 'DELETE', unlink), 404, 'crops.errors.planNotFound');
    const books = await booksBalance(farm.id);
    expect(books.totalAssets).toBeGreaterThan(0);
  });
});
