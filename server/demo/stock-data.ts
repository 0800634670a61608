// The stock demo's tables: amina's lots in her home store and what happened to them, the co-operative's store in
// Dschang with esther as its keeper and the deposits it holds, and a warehouse in Bafoussam with a trader's lot.
// Quantities are tons (as the API takes them), days count back from today, colours make the generated photos.
import type { Grade } from '../../contract/marketplace';
import type { LossReason } from '../../contract/stock';

/** A small generated photo's colour (RGB): nothing is downloaded. */
export type PhotoColour = readonly [number, number, number];

/** Stock recorded as it was when the app came (opening stock). */
export interface DemoLot {
  crop: string;
  variety?: string;
  grade: Grade;
  moisture: number;
  quantity: number;
  daysAgo: number;
  photos: PhotoColour[];
}

/** A deposit a keeper records for its depositor, in a shared store: it gets a receipt. */
export interface DemoDeposit extends DemoLot {
  depositor: string;
}

const MAIZE_YELLOW: PhotoColour = [226, 182, 62];
const MAIZE_PALE: PhotoColour = [214, 196, 150];
const BEANS_RED: PhotoColour = [140, 48, 42];

/** amina's home store, when her harvest has not made it already (it is then named after her farm). */
export const HOME_STORE = { name: 'Ferme de la Mifi', location: 'Bafoussam, Mifi' };

/** amina's home store: last season's maize, dry (A) and still too wet (B), before the app recorded her harvests. */
export const AMINA_MAIZE_DRY: DemoLot = {
  crop: 'Maize',
  variety: 'CMS 8704',
  grade: 'A',
  moisture: 13,
  quantity: 3,
  daysAgo: 56,
  photos: [MAIZE_YELLOW],
};
export const AMINA_MAIZE_WET: DemoLot = {
  crop: 'Maize',
  variety: 'CMS 8704',
  grade: 'B',
  moisture: 15.5,
  quantity: 1.2,
  daysAgo: 42,
  photos: [MAIZE_PALE],
};

/** What happened to amina's lots since: a count of the dry maize, weevils in the wet one (fatou records it). */
export const AMINA_COUNT = { counted: 2.94, daysAgo: 21, note: 'Pesée sac par sac avant le dépôt.' };
export const AMINA_LOSS: { quantity: number; reason: LossReason; daysAgo: number; note: string } = {
  quantity: 0.08,
  reason: 'pests',
  daysAgo: 7,
  note: 'Charançons dans deux sacs du fond ; sacs triés et séchés au soleil.',
};
/** Part of the dry maize deposited in the co-operative's store (a receipt), and part listed for sale. */
export const AMINA_DEPOSIT = { quantity: 1, daysAgo: 14 };
export const AMINA_LISTING = { quantity: 1, abovePercent: 4 };

/** The co-operative's store, opened by claire, kept by esther. */
export const COOP_STORE = {
  name: 'Magasin coopératif de la Menoua',
  kind: 'coop',
  location: 'Dschang, Menoua',
} as const;
export const COOP_KEEPER = 'esther';
export const COOP_DEPOSITS: DemoDeposit[] = [
  {
    depositor: 'moussa',
    crop: 'Beans',
    variety: 'Haricot rouge',
    grade: 'A',
    moisture: 12,
    quantity: 1.5,
    daysAgo: 30,
    photos: [BEANS_RED],
  },
];

/** A warehouse claire runs in Bafoussam, holding a grain trader's maize. */
export const WAREHOUSE = {
  name: 'Entrepôt Mifi Grains',
  kind: 'warehouse',
  location: 'Bafoussam, Mifi',
} as const;
export const WAREHOUSE_DEPOSITS: DemoDeposit[] = [
  {
    depositor: 'essomba.brice',
    crop: 'Maize',
    grade: 'A',
    moisture: 12.5,
    quantity: 8,
    daysAgo: 25,
    photos: [],
  },
];
