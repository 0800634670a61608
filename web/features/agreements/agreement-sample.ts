// A sample agreement for the tests (kofi buys 5 t of maize from amina), with any field overridden.
import type { TForwardAgreement } from '../../../contract/forward-agreements';

export const KOFI = { id: 2, username: 'kofi' };
export const AMINA = { id: 1, username: 'amina' };

export const sampleAgreement = (overrides: Partial<TForwardAgreement> = {}): TForwardAgreement => ({
  id: 12,
  buyer: KOFI,
  seller: AMINA,
  group: null,
  crop: 'maize',
  grade: 'A',
  quantity: 5,
  tolerancePercent: 5,
  pricing: { kind: 'fixed', price: 300 },
  deliveryFrom: '2027-01-10',
  deliveryTo: '2027-02-28',
  place: 'Bafoussam',
  depositPercent: 10,
  deposit: 150,
  inputAdvance: null,
  status: 'proposed',
  you: null,
  turn: 'seller',
  countered: false,
  note: null,
  delivered: 0,
  remaining: 5,
  maxMore: 5.25,
  priceToday: 300,
  marketPrice: 280,
  depositHeld: 0,
  advanceOutstanding: 0,
  deliveries: [],
  plan: null,
  depositPayment: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
