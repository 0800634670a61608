// The co-operative's entries: each one's lines, the amounts refused, and books that balance over any run of events
// with held = collected − paid by mobile money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CoopEntry,
  coopBalances,
  creditGivenEntry,
  memberPaidEntry,
  proceedsEntry,
  settlementEntry,
} from './coop-posting';

describe('the co-operative’s entries', () => {
  it('pool the proceeds at the operator as produce sales', () => {
    expect(proceedsEntry(500).lines).toEqual([
      { account: 'held_at_operator', debit: 500, credit: 0 },
      { account: 'income:produce_sales', debit: 0, credit: 500 },
    ]);
  });

  it('split a share into levy, credit recovered, transport and what is owed, leaving out lines of 0', () => {
    expect(settlementEntry({ gross: 1000, levy: 50, credit: 200, transport: 0, net: 750 }).lines).toEqual([
      { account: 'expense:member_produce', debit: 1000, credit: 0 },
      { account: 'income:levies', debit: 0, credit: 50 },
      { account: 'member_receivables', debit: 0, credit: 200 },
      { account: 'owed_to_members', debit: 0, credit: 750 },
    ]);
    expect(settlementEntry({ gross: 0, levy: 0, credit: 0, transport: 0, net: 0 }).lines).toEqual([]);
  });

  it('pay a member from the operator by mobile money, or from the cash box', () => {
    expect(memberPaidEntry(750, false).lines).toEqual([
      { account: 'owed_to_members', debit: 750, credit: 0 },
      { account: 'held_at_operator', debit: 0, credit: 750 },
    ]);
    expect(memberPaidEntry(750, true).lines[1]).toEqual({ account: 'cash', debit: 0, credit: 750 });
    expect(creditGivenEntry(300).lines).toEqual([
      { account: 'member_receivables', debit: 300, credit: 0 },
      { account: 'cash', debit: 0, credit: 300 },
    ]);
  });

  it('refuse amounts that are not positive whole cents, and parts that do not add up', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 60]) {
      expect(() => proceedsEntry(bad)).toThrow(RangeError);
      expect(() => memberPaidEntry(bad, false)).toThrow(RangeError);
      expect(() => creditGivenEntry(bad)).toThrow(RangeError);
    }
    expect(() => settlementEntry({ gross: 100, levy: 10, credit: 0, transport: 0, net: 80 })).toThrow(
      RangeError,
    );
    expect(() => settlementEntry({ gross: 100, levy: -10, credit: 0, transport: 0, net: 110 })).toThrow(
      RangeError,
    );
  });

  it('read the headline figures off the books', () => {
    const entries = [
      proceedsEntry(10_000),
      creditGivenEntry(1_500),
      settlementEntry({ gross: 10_000, levy: 500, credit: 1_000, transport: 300, net: 8_200 }),
      memberPaidEntry(5_000, false),
      memberPaidEntry(1_200, true),
    ];
    const books = coopBalances(entries.flatMap((e) => e.lines));
    expect(books).toMatchObject({
      collected: 10_000,
      levies: 500,
      paidToMembers: 6_200,
      owedToMembers: 2_000,
      held: 5_000,
      balanced: true,
    });
    expect(books.balances).toEqual([
      { account: 'held_at_operator', balance: 5_000 },
      { account: 'cash', balance: -2_700 },
      { account: 'member_receivables', balance: 500 },
      { account: 'owed_to_members', balance: 2_000 },
      { account: 'income:produce_sales', balance: 10_000 },
      { account: 'income:levies', balance: 500 },
      { account: 'income:transport', balance: 300 },
      { account: 'expense:member_produce', balance: 10_000 },
    ]);
    expect(coopBalances([{ account: 'cash', debit: 1, credit: 0 }]).balanced).toBe(false);
  });
});

type Event =
  | { kind: 'proceeds'; amount: number }
  | { kind: 'settle'; levy: number; credit: number; transport: number; net: number }
  | { kind: 'pay'; share: number; byCash: boolean }
  | { kind: 'lend'; amount: number };

const amount = fc.integer({ min: 1, max: 1e10 });
const part = fc.integer({ min: 0, max: 1e9 });
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('proceeds' as const), amount }),
  fc.record({ kind: fc.constant('settle' as const), levy: part, credit: part, transport: part, net: part }),
  fc.record({
    kind: fc.constant('pay' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    byCash: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('lend' as const), amount }),
);

describe('the co-operative’s books, over any run of events', () => {
  it('balance, and hold what was collected less what was paid by mobile money', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const entries: CoopEntry[] = [];
        let owed = 0;
        let collected = 0;
        let paidByPhone = 0;
        for (const e of events) {
          if (e.kind === 'proceeds') {
            collected += e.amount;
            entries.push(proceedsEntry(e.amount));
          } else if (e.kind === 'settle') {
            owed += e.net;
            const gross = e.levy + e.credit + e.transport + e.net;
            entries.push(
              settlementEntry({ gross, levy: e.levy, credit: e.credit, transport: e.transport, net: e.net }),
            );
          } else if (e.kind === 'lend') {
            entries.push(creditGivenEntry(e.amount));
          } else {
            const paid = Math.floor(owed * e.share);
            if (paid > 0) {
              owed -= paid;
              paidByPhone += e.byCash ? 0 : paid;
              entries.push(memberPaidEntry(paid, e.byCash));
            }
          }
        }
        for (const entry of entries) {
          expect(coopBalances(entry.lines).balanced).toBe(true);
        }
        const books = coopBalances(entries.flatMap((e) => e.lines));
        expect(books.balanced).toBe(true);
        expect(books.collected).toBe(collected);
        expect(books.held).toBe(collected - paidByPhone);
        expect(books.owedToMembers).toBe(owed);
        const assets = ['held_at_operator', 'cash', 'member_receivables', 'expense:member_produce'];
        const sides = books.balances.reduce(
          (sum, b) => sum + (assets.includes(b.account) ? b.balance : -b.balance),
          0,
        );
        expect(sides).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
