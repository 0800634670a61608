// A property of the whole money path through the real server, over random co-operatives: random members' intakes
// of maize in random grades and weights, part of one bulk lot sold, paid by MTN into escrow and released (pooled),
// then settled and approved: the shares add up to the proceeds, each share's deductions add up, the co-operative's
// books balance and show what it collected, and the operator's books stay consistent (held = escrow + owed + held
// for co-operatives = collected − paid out − refunded, held for co-operatives = what they keep of their shares).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TCoopBooks, TSettlement } from '../../contract/groups';
import { sender } from '../test/agent-sale';
import { bulkLots, intake, makeCoop, operatorBooks, sellFromLot } from '../test/coop-sale';
import { paymentsApp, proveNumber } from '../test/escrow-flow';
import { settleQueue } from '../test/escrow-steps';
import { ok, type TestApp } from '../test/harness';
import { type PaymentsStandIn, startPaymentsStandIn } from '../test/payments-stand-in';

let stand: PaymentsStandIn;
let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  stand = await startPaymentsStandIn();
  t = await paymentsApp(stand);
});

afterAll(async () => {
  await t.close();
  await stand.close();
});

const GRADES = ['A', 'B', 'C'] as const;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const arbitraryCase = fc.record({
  members: fc.integer({ min: 1, max: 5 }),
  intakes: fc.array(
    fc.record({
      member: fc.nat(),
      grade: fc.constantFrom(...GRADES),
      kg: fc.integer({ min: 20, max: 900 }),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  /** Of the chosen lot: the share listed and the share of the listing sold, per mille. */
  listedPerMille: fc.integer({ min: 200, max: 1000 }),
  soldPerMille: fc.integer({ min: 100, max: 1000 }),
  price: fc.integer({ min: 50_000, max: 400_000 }),
  levyPercent: fc.constantFrom(0, 2.5, 5, 10),
  transportPerTon: fc.constantFrom(0, 150_000, 1_234_500),
  differentials: fc.record({
    A: fc.integer({ min: 0, max: 2_000_000 }),
    B: fc.constant(0),
    C: fc.integer({ min: -2_000_000, max: 0 }),
  }),
  credit: fc.option(fc.integer({ min: 100, max: 50_000_000 }), { nil: null }),
});

/** What the operator holds for every co-operative settled so far: what each kept of its members' shares. */
let keptByCoops = 0;

it('settles random intakes exactly, and every book stays balanced', async () => {
  await fc.assert(
    fc.asyncProperty(arbitraryCase, async (c) => {
      const coop = await makeCoop(t, send, {
        members: c.members,
        rules: {
          levyPercent: c.levyPercent,
          transportPerTon: c.transportPerTon,
          gradeDifferentials: c.differentials,
        },
      });
      const path = (rest: string) => `/api/groups/${coop.group.id}${rest}`;
      for (const [i, m] of coop.members.entries()) {
        await proveNumber(t.ctx, m, `+2376702${String(coop.group.id % 1000).padStart(3, '0')}${i}0`);
      }
      for (const d of c.intakes) {
        const member = coop.members[d.member % c.members];
        if (member) {
          await intake(send, coop, member, d.grade, d.kg);
        }
      }
      if (c.credit !== null && coop.members[0]) {
        await ok(
          await send(coop.admin, 'POST', path('/credits'), {
            memberId: coop.members[0].user.id,
            amount: c.credit,
            note: 'Semences',
          }),
          201,
        );
      }
      // The biggest lot, part of it listed and part of the listing sold (at least 10 kg of each).
      const [lot] = (await bulkLots(send, coop)).sort((a, b) => b.quantity - a.quantity);
      if (!lot?.grade) {
        throw new Error('no lot');
      }
      const lotKg = Math.round(lot.quantity * 1000);
      const listedKg = Math.max(10, Math.floor((lotKg * c.listedPerMille) / 1000));
      const soldKg = Math.max(10, Math.floor((listedKg * c.soldPerMille) / 1000));
      const sale = await sellFromLot(t, stand, send, coop, {
        lotId: lot.lotId,
        grade: lot.grade,
        listed: listedKg / 1000,
        quantity: soldKg / 1000,
        price: c.price,
      });
      const proceeds = Math.round(sale.order.total * 100);

      const draft = await ok<TSettlement>(
        await send(coop.admin, 'POST', path('/settlements'), { orderId: sale.order.id }),
        201,
      );
      expect(draft.proceeds).toBe(proceeds);
      expect(sum(draft.shares.map((s) => s.gross))).toBe(proceeds);
      expect(draft.shares.length).toBe(lot.contributions.filter((x) => x.quantity > 0).length);
      for (const s of draft.shares) {
        expect(s.levy + s.credit + s.transport + s.net).toBe(s.gross);
        expect(Math.min(s.gross, s.levy, s.credit, s.transport, s.net)).toBeGreaterThanOrEqual(0);
      }
      const approved = await ok<TSettlement>(
        await send(coop.admin, 'POST', path(`/settlements/${draft.id}/approve`)),
      );
      expect(approved.totals).toEqual(draft.totals);
      await settleQueue(t, stand);

      const books = await ok<TCoopBooks>(await send(coop.admin, 'GET', path('/books')));
      expect(books.balanced).toBe(true);
      expect(books.collected).toBe(proceeds);
      expect(books.levies).toBe(approved.totals.levy);
      // Every member had a proven number: every net above 0 was paid.
      expect(books.paidToMembers).toBe(approved.totals.net);
      expect(books.owedToMembers).toBe(0);
      expect(books.held).toBe(proceeds - approved.totals.net);

      keptByCoops += approved.totals.levy + approved.totals.transport + approved.totals.credit;
      const operator = await operatorBooks(t);
      expect(operator.held).toBe(
        operator.escrow + operator.owedToSellers + operator.owedToBuyers + operator.heldForGroups,
      );
      expect(operator.held).toBe(operator.collected - operator.paidOut - operator.refunded);
      expect(operator.heldForGroups).toBe(keptByCoops);
      expect(operator.escrow).toBe(0);
      expect(operator.owedToSellers).toBe(0);
    }),
    { numRuns: 12, endOnFailure: true },
  );
}, 240_000);
