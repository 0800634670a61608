// Stock under concurrent load: 50 accepts racing over listings of one lot never sell more than it holds; losses,
// listings and edits racing on one lot never take it below zero nor reserve past it; and random sequences of
// movements keep a lot's quantity equal to the sum of its movements, never negative, as a model of the rules says.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sender } from '../test/agent-sale';
import { userWithRole } from '../test/factories';
import { createTestApp, ok, type Session, type TestApp } from '../test/harness';
import { listFrom, lotIn, openStore } from '../test/stock';
import { lotMovements, lotReservations, lots } from './stock.schema';

/** Each race runs this many times on fresh users and lots: 1 in npm test, more in test:stress. */
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 1);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = sender(() => t.app);

/** The lot's row, its movements summed (all, and sales only) and its reservations summed, in kilograms. */
async function ledgerOf(lotId: number) {
  const [row] = await t.ctx.db.select().from(lots).where(eq(lots.id, lotId));
  const [moved] = await t.ctx.db
    .select({
      all: sql<string>`coalesce(sum(${lotMovements.quantityKg}), 0)`,
      sold: sql<string>`coalesce(sum(${lotMovements.quantityKg}) filter (where ${lotMovements.kind} = 'sale'), 0)`,
      lost: sql<string>`coalesce(sum(${lotMovements.quantityKg}) filter (where ${lotMovements.kind} = 'loss'), 0)`,
      sales: sql<string>`count(*) filter (where ${lotMovements.kind} = 'sale')`,
    })
    .from(lotMovements)
    .where(eq(lotMovements.lotId, lotId));
  const [held] = await t.ctx.db
    .select({ kg: sql<string>`coalesce(sum(${lotReservations.quantityKg}), 0)` })
    .from(lotReservations)
    .where(eq(lotReservations.lotId, lotId));
  if (!row || !moved || !held) {
    throw new Error(`lot ${lotId} not found`);
  }
  return {
    quantityKg: row.quantityKg,
    reservedKg: row.reservedKg,
    movedKg: Number(moved.all),
    soldKg: -Number(moved.sold),
    lostKg: -Number(moved.lost),
    sales: Number(moved.sales),
    heldKg: Number(held.kg),
  };
}

/** What must hold of any lot at any time. */
function expectSound(l: Awaited<ReturnType<typeof ledgerOf>>): void {
  expect(l.quantityKg).toBeGreaterThanOrEqual(0);
  expect(l.reservedKg).toBeGreaterThanOrEqual(0);
  expect(l.reservedKg).toBeLessThanOrEqual(l.quantityKg);
  expect(l.movedKg).toBe(l.quantityKg);
  expect(l.heldKg).toBe(l.reservedKg);
}

/** A farmer's lot of `tons` of grade A maize in a new home store. */
async function farmerWithLot(tons: number) {
  const farmer = await userWithRole(t.app, t.ctx, 'farmer');
  const store = await openStore(send, farmer);
  const lot = await lotIn(send, farmer, store.id, { quantity: tons });
  return { farmer, store, lotId: lot.id };
}

/**
 * A lot of 9 t; 5 listings from it of 1.8 t each; ten buyers bid 0.5 t on each: 50 accepts at once. Each listing fits
 * 3 of its bids (1.5 t), so 15 sell, 7.5 t in all.
 */
async function acceptsOverOneLot() {
  const { farmer, lotId } = await farmerWithLot(9);
  const listings: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    listings.push((await listFrom(send, farmer, lotId, 1.8)).id);
  }
  const buyers = await Promise.all(Array.from({ length: 10 }, () => userWithRole(t.app, t.ctx, 'buyer')));
  const bids: number[] = [];
  for (const listing of listings) {
    for (const buyer of buyers) {
      const bid = await ok<{ id: number }>(
        await send(buyer, 'POST', '/api/bids', { commodityId: listing, price: 310, quantity: 0.5 }),
        201,
      );
      bids.push(bid.id);
    }
  }
  expect(bids).toHaveLength(50);
  const answers = await Promise.all(
    bids.map((id) => send(farmer, 'PATCH', `/api/bids/${id}`, { status: 'accepted' })),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(
    statuses.filter((s) => s !== 200 && s !== 409),
    JSON.stringify(statuses),
  ).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(15);
  const ledger = await ledgerOf(lotId);
  expectSound(ledger);
  expect(ledger).toMatchObject({ quantityKg: 1500, reservedKg: 1500, soldKg: 7500, sales: 15 });
}

/**
 * A lot of 6 t with 4 t listed: 12 losses of 0.5 t, 8 new listings of 0.5 t, and 6 edits raising a listing by 0.5 t
 * race for the 2 t free. Whatever wins, the lot never goes below zero nor reserves past what it holds.
 */
async function lossesAndListingsOverOneLot() {
  const { farmer, lotId } = await farmerWithLot(6);
  const first = await listFrom(send, farmer, lotId, 2);
  const second = await listFrom(send, farmer, lotId, 2);
  const writes = [
    ...Array.from({ length: 12 }, () =>
      send(farmer, 'POST', `/api/lots/${lotId}/movements`, { kind: 'loss', quantity: 0.5, reason: 'pests' }),
    ),
    ...Array.from({ length: 8 }, () =>
      send(farmer, 'POST', '/api/commodities', {
        name: 'Maize',
        quantity: 0.5,
        price: 300,
        grade: 'A',
        lotId,
      }),
    ),
    // Raised, never lowered, so nothing freed mid-race: each listing to 2.5 t three times (once it holds).
    ...[first.id, second.id].flatMap((id) =>
      Array.from({ length: 3 }, () => send(farmer, 'PATCH', `/api/commodities/${id}`, { quantity: 2.5 })),
    ),
  ];
  const answers = await Promise.all(writes);
  const statuses = answers.map((r) => r.statusCode);
  expect(
    statuses.filter((s) => ![200, 201, 409].includes(s)),
    JSON.stringify(statuses),
  ).toEqual([]);
  const ledger = await ledgerOf(lotId);
  expectSound(ledger);
  const losses = statuses.slice(0, 12).filter((s) => s === 201).length;
  expect(ledger.lostKg).toBe(losses * 500);
  expect(ledger.quantityKg).toBe(6000 - losses * 500);
  // The 2 t free all went (every write is 0.5 t and nothing is freed), to losses, listings or raised listings.
  expect(ledger.reservedKg).toBe(ledger.quantityKg);
  const listed = statuses.slice(12, 20).filter((s) => s === 201).length;
  expect(ledger.reservedKg).toBeGreaterThanOrEqual(4000 + listed * 500);
  expect(ledger.reservedKg).toBeLessThanOrEqual(5000 + listed * 500);
}

describe('races on one lot', () => {
  it(`${ROUNDS} × 50 concurrent accepts over listings of one lot never sell more than it holds`, {
    timeout: 60_000 * ROUNDS,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await acceptsOverOneLot();
    }
  });

  it(`${ROUNDS} × 26 concurrent losses, listings and edits never take a lot below zero`, {
    timeout: 60_000 * ROUNDS,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await lossesAndListingsOverOneLot();
    }
  });
});

/** One step of a random sequence, in kilograms (multiples of 50 kg, sent as tons). */
type Step =
  | { kind: 'loss' | 'transfer' | 'list'; kg: number }
  | { kind: 'count'; kg: number }
  | { kind: 'withdraw'; pick: number };

const kg = fc.integer({ min: 1, max: 60 }).map((n) => n * 50);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('loss' as const, 'transfer' as const, 'list' as const), kg }),
  fc.record({ kind: fc.constant('count' as const), kg: fc.integer({ min: 0, max: 80 }).map((n) => n * 50) }),
  fc.record({ kind: fc.constant('withdraw' as const), pick: fc.nat() }),
);

/** A model of the rules: what the lot holds and what its open listings hold back. */
interface Model {
  quantityKg: number;
  listings: { id: number; kg: number }[];
}

/** Sends one step and checks the answer against the model (accepted exactly when the rules allow it). */
async function apply(
  who: Session,
  ids: { lotId: number; otherStoreId: number },
  model: Model,
  s: Step,
): Promise<void> {
  const reserved = model.listings.reduce((n, l) => n + l.kg, 0);
  const free = model.quantityKg - reserved;
  const movement = (body: object) => send(who, 'POST', `/api/lots/${ids.lotId}/movements`, body);
  if (s.kind === 'withdraw') {
    const listing = model.listings[s.pick % Math.max(1, model.listings.length)];
    if (listing) {
      await ok(await send(who, 'PATCH', `/api/commodities/${listing.id}`, { status: 'withdrawn' }));
      model.listings = model.listings.filter((l) => l !== listing);
    }
    return;
  }
  const tons = s.kg / 1000;
  if (s.kind === 'count') {
    const res = await movement({ kind: 'count', counted: tons });
    expect(res.statusCode, res.body).toBe(s.kg < reserved ? 409 : 201);
    if (res.statusCode === 201) {
      model.quantityKg = s.kg;
    }
    return;
  }
  const res =
    s.kind === 'list'
      ? await send(who, 'POST', '/api/commodities', {
          name: 'Maize',
          quantity: tons,
          price: 300,
          grade: 'A',
          lotId: ids.lotId,
        })
      : await movement(
          s.kind === 'loss'
            ? { kind: 'loss', quantity: tons, reason: 'spillage' }
            : { kind: 'transfer', quantity: tons, toStoreId: ids.otherStoreId },
        );
  expect(res.statusCode, `${s.kind} ${tons} t with ${free} kg free: ${res.body}`).toBe(
    s.kg <= free ? 201 : 409,
  );
  if (res.statusCode !== 201) {
    return;
  }
  if (s.kind === 'list') {
    model.listings.push({ id: res.json<{ id: number }>().id, kg: s.kg });
  } else {
    model.quantityKg -= s.kg;
  }
}

describe('random movement sequences', () => {
  it(`keep ${RUNS} lots equal to the sum of their movements, never negative, as the rules say`, {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3000 }),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        async (start, steps) => {
          const { farmer, lotId } = await farmerWithLot(start / 100);
          const other = await openStore(send, farmer, { name: 'Autre grenier' });
          const model: Model = { quantityKg: start * 10, listings: [] };
          for (const s of steps) {
            await apply(farmer, { lotId, otherStoreId: other.id }, model, s);
            const ledger = await ledgerOf(lotId);
            expectSound(ledger);
            expect(ledger.quantityKg).toBe(model.quantityKg);
            expect(ledger.reservedKg).toBe(model.listings.reduce((n, l) => n + l.kg, 0));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
