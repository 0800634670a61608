// The forward agreements demo's table: kofi's agreements with amina and with the Mifi maize co-operative, one in
// each state. Amounts are US dollars a ton (brought to the deployment's currency at the demo rate), near the demo
// market's prices (market-data.ts: maize from 280, beans from 900); quantities are tons; days count from the seed
// (negative: past). Notes, places and advances are what the parties would type, in their language.

/** Where the demo leaves an agreement. */
export type DemoEnd =
  | 'proposed'
  | 'countered'
  | 'accepted'
  | 'active'
  | 'declined'
  | 'fulfilled'
  | 'partly_fulfilled'
  | 'defaulted_by_seller';

/** The states whose window the demo moves into the past, settled there by the settler as any would be. */
export const ENDED_BY_SETTLER: readonly DemoEnd[] = ['fulfilled', 'partly_fulfilled', 'defaulted_by_seller'];

export interface DemoAgreement {
  /** amina, or the co-operative (its account, celestin answering for it). */
  seller: 'amina' | 'coop';
  end: DemoEnd;
  crop: 'maize' | 'beans';
  grade: 'A' | 'B' | 'C';
  tons: string;
  tolerancePercent: number;
  pricing: { kind: 'fixed'; usd: string } | { kind: 'floor'; usd: string; sharePercent: number };
  /** The delivery window, days from the seed. */
  window: readonly [from: number, to: number];
  /** When kofi proposed it, days before the seed. */
  proposedDaysAgo: number;
  place: string;
  depositPercent: number;
  advance?: { usd: string; note: string };
  /** The seller's counter (proposed → countered), or the seller's reason to decline. */
  counter?: { tons?: string; usd?: string; note: string };
  declineNote?: string;
  /** Tons delivered as orders, each on the day given (days from the seed). */
  deliveries?: readonly (readonly [tons: string, day: number])[];
  /** Linked by amina to her season's maize plan (crops-data.ts). */
  onPlan?: boolean;
}

export const DEMO_AGREEMENTS: DemoAgreement[] = [
  // ─── With amina ─────────────────────────────────────────────────────────────
  {
    seller: 'amina',
    end: 'fulfilled',
    crop: 'maize',
    grade: 'B',
    tons: '2',
    tolerancePercent: 10,
    pricing: { kind: 'fixed', usd: '270.00' },
    window: [-75, -40],
    proposedDaysAgo: 160,
    place: 'Marché A, Bafoussam',
    depositPercent: 10,
    deliveries: [['2', -55]],
  },
  {
    seller: 'amina',
    end: 'partly_fulfilled',
    crop: 'maize',
    grade: 'A',
    tons: '3',
    tolerancePercent: 10,
    pricing: { kind: 'floor', usd: '250.00', sharePercent: 95 },
    window: [-50, -20],
    proposedDaysAgo: 130,
    place: 'Marché A, Bafoussam',
    depositPercent: 15,
    deliveries: [['1.5', -30]],
  },
  {
    seller: 'amina',
    end: 'active',
    crop: 'maize',
    grade: 'B',
    tons: '2.5',
    tolerancePercent: 10,
    pricing: { kind: 'fixed', usd: '275.00' },
    window: [-5, 80],
    proposedDaysAgo: 40,
    place: 'Marché A, Bafoussam',
    depositPercent: 20,
    advance: { usd: '120.00', note: 'Urée et sacs PICS pour la récolte' },
    deliveries: [['0.5', 0]],
    onPlan: true,
  },
  {
    seller: 'amina',
    end: 'proposed',
    crop: 'maize',
    grade: 'A',
    tons: '1',
    tolerancePercent: 10,
    pricing: { kind: 'floor', usd: '260.00', sharePercent: 90 },
    window: [60, 120],
    proposedDaysAgo: 2,
    place: 'Magasin de la coopérative, Bafoussam',
    depositPercent: 15,
    onPlan: true,
  },
  // ─── With the co-operative ──────────────────────────────────────────────────
  {
    seller: 'coop',
    end: 'defaulted_by_seller',
    crop: 'beans',
    grade: 'A',
    tons: '4',
    tolerancePercent: 5,
    pricing: { kind: 'fixed', usd: '880.00' },
    window: [-90, -60],
    proposedDaysAgo: 200,
    place: 'Magasin de la coopérative, Bafoussam',
    depositPercent: 10,
  },
  {
    seller: 'coop',
    end: 'declined',
    crop: 'maize',
    grade: 'A',
    tons: '40',
    tolerancePercent: 10,
    pricing: { kind: 'fixed', usd: '265.00' },
    window: [30, 60],
    proposedDaysAgo: 20,
    place: 'Magasin Mokolo, Yaoundé',
    depositPercent: 10,
    declineNote: 'Nos membres ne livrent pas 40 t de grade A cette saison ; proposez du grade B.',
  },
  {
    seller: 'coop',
    end: 'accepted',
    crop: 'beans',
    grade: 'B',
    tons: '5',
    tolerancePercent: 10,
    pricing: { kind: 'fixed', usd: '850.00' },
    window: [45, 100],
    proposedDaysAgo: 12,
    place: 'Magasin de la coopérative, Bafoussam',
    depositPercent: 20,
  },
  {
    seller: 'coop',
    end: 'countered',
    crop: 'maize',
    grade: 'B',
    tons: '20',
    tolerancePercent: 10,
    pricing: { kind: 'fixed', usd: '255.00' },
    window: [40, 90],
    proposedDaysAgo: 5,
    place: 'Magasin de la coopérative, Bafoussam',
    depositPercent: 15,
    counter: {
      tons: '15',
      usd: '270.00',
      note: 'Nous pouvons garantir 15 t, au prix du marché de Bafoussam.',
    },
  },
];
