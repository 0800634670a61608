import { describe, expect, it } from 'vitest';
import { bidOutcome } from './bid-outcome';

const bid = (price: number, quantity: number, available: number) => ({
  price,
  quantity,
  commodity: {
    id: 1,
    name: 'Maize',
    quantity: available,
    price: 300,
    grade: 'A' as const,
    status: 'available' as const,
    userId: 1,
    sellerUsername: 'amina',
    sellerRating: { average: null, count: 0 },
  },
});

describe('bidOutcome', () => {
  it('sells part of a listing: the total is exact and the rest stays listed', () => {
    // 0.1 t at 280.10 per ton: 28.01, not 28.010000000000005.
    expect(bidOutcome(bid(280.1, 0.1, 0.3))).toEqual({ sold: 0.1, soldKg: 100, total: 28.01, rest: 0.2 });
  });

  it('rounds the total half up to the cent', () => {
    // 0.001 t (1 kg) at 5.00 per ton is 0.005 → 0.01.
    expect(bidOutcome(bid(5, 0.001, 1)).total).toBe(0.01);
  });

  it('says when a bid takes the whole listing, or more than is left', () => {
    expect(bidOutcome(bid(100, 2, 2)).rest).toBe(0);
    expect(bidOutcome(bid(100, 2.5, 2)).rest).toBe(-0.5);
  });
});
