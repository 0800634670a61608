// The co-operatives demo's tables: a maize co-operative near Bafoussam (its admin, keeper and members, their season
// of intakes at its store, the input credit it gave, the lot it sold), its feed, and a public discussion group.
// Quantities are kilograms on the scale (bags of 50 kg), days and hours count back from the seed, people are usernames.
import type { Grade } from '../../contract/marketplace';
import type { AccountRow } from './accounts';

/** The co-operative's president, who runs it in the app (a README login). */
export const COOP_ADMIN = 'celestin';
/** The keeper of its store (also the stock demo's keeper in Dschang). */
export const COOP_STORE_KEEPER = 'esther';

/** Its rules, in CFA francs (brought to the deployment's currency at the demo rate). */
export const COOP = {
  name: 'Coopérative des producteurs de maïs de la Mifi',
  description:
    'Société coopérative (SCOOPS) des producteurs de maïs et de haricot de la Mifi : collecte au magasin de Bafoussam, ventes groupées par grade, crédit d’intrants remboursé à la vente.',
  region: 'Ouest, Bafoussam',
  crops: ['Maize', 'Beans'],
  levyPercent: 5,
  transportFcfaPerTon: 2_500,
  differentialsFcfa: { A: 10_000, C: -10_000 },
} as const;

export const COOP_STORE_INPUT = { name: 'Magasin de la coopérative, Bafoussam', location: 'Bafoussam, Mifi' };

/**
 * The co-operative's people with new accounts: its president, then members of the Mifi (French speakers, one
 * English speaker from Bamenda). Numbers are made up (…000 1xx); those without one are paid in cash.
 */
export const COOP_PEOPLE: AccountRow[] = [
  [COOP_ADMIN, 'farmer', 'fr', 'celestin@example.cm', ['+237', '670 000 007']],
  ['tchinda.pauline', 'farmer', 'fr', null, ['+237', '670 000 101']],
  ['kenfack.martin', 'farmer', 'fr', null, ['+237', '670 000 102']],
  ['djoumessi.odile', 'farmer', 'fr', null, ['+237', '670 000 103']],
  ['tsafack.emmanuel', 'farmer', 'fr', null, ['+237', '670 000 104']],
  ['wamba.jacqueline', 'farmer', 'fr', null, ['+237', '670 000 105']],
  ['simo.bernard', 'farmer', 'fr', null, ['+237', '670 000 106']],
  ['talla.florence', 'farmer', 'fr', null, ['+237', '670 000 107']],
  ['nkamgang.pierre', 'farmer', 'fr', null, ['+237', '670 000 108']],
  ['fokou.celine', 'farmer', 'fr', null, ['+237', '670 000 109']],
  ['tchuente.alain', 'farmer', 'fr', null, ['+237', '670 000 110']],
  ['ngoufack.berthe', 'farmer', 'fr', null, ['+237', '670 000 111']],
  ['kamdem.joseph', 'farmer', 'fr', null, ['+237', '670 000 112']],
  ['youmbi.clarisse', 'farmer', 'fr', null, ['+237', '670 000 113']],
  ['feudjio.marthe', 'farmer', 'fr', null, ['+237', null]],
  ['noubissi.victor', 'farmer', 'fr', null, ['+237', '670 000 115']],
  ['pokam.andre', 'farmer', 'fr', null, ['+237', null]],
  ['tchoffo.sylvain', 'farmer', 'fr', null, ['+237', '670 000 117']],
  ['sonkeng.agnes', 'farmer', 'fr', null, ['+237', '670 000 118']],
  ['nzeukou.gaston', 'farmer', 'fr', null, ['+237', '670 000 119']],
  ['kuete.madeleine', 'farmer', 'fr', null, ['+237', '670 000 120']],
  ['zebaze.roger', 'farmer', 'fr', null, ['+237', '670 000 121']],
  ['tatsinkou.helene', 'farmer', 'fr', null, ['+237', '670 000 122']],
  ['donfack.etienne', 'farmer', 'fr', null, ['+237', '670 000 123']],
  ['nguetsa.brigitte', 'farmer', 'fr', null, ['+237', '670 000 124']],
  ['nana.boris', 'farmer', 'fr', null, ['+237', '670 000 125']],
  ['mbiada.stephanie', 'farmer', 'fr', null, ['+237', '670 000 126']],
  ['tiam.rodrigue', 'farmer', 'fr', null, ['+237', '670 000 127']],
  ['fotsing.nadege', 'farmer', 'fr', null, ['+237', '670 000 128']],
  ['tanyi.comfort', 'farmer', 'en', null, ['+237', '670 000 129']],
  ['tefack.clement', 'farmer', 'fr', null, null],
];

/** The co-operative came to the app this long before the demo, with the members it had then. */
export const FOUNDED_DAYS_AGO = 400;
/** Members who were in the co-operative before the app (their rows are written as they stood). */
export const FOUNDING_MEMBERS = COOP_PEOPLE.slice(1).map(([username]) => username);
/** Who joins in the app: amina asked and was accepted, moussa was invited and accepted, jean's request waits. */
export const ASKS_TO_JOIN = 'amina';
export const INVITED = 'moussa';
export const PENDING_REQUEST = 'jean';

/** A member's bags at the store: who, grade, kg on the scale, moisture %, days ago. */
export type DemoIntake = readonly [
  member: string,
  grade: Grade,
  kg: number,
  moisture: number,
  daysAgo: number,
];

/**
 * The season at the store, oldest first: grade B into the lot that is sold (and settled) today, grade C into the
 * lot that stays open until it is big enough to sell.
 */
export const SEASON: DemoIntake[] = [
  ['tchinda.pauline', 'B', 300, 13.5, 60],
  ['kenfack.martin', 'B', 450, 13, 59],
  ['amina', 'B', 500, 12.5, 58],
  ['djoumessi.odile', 'C', 200, 14.5, 57],
  ['tsafack.emmanuel', 'B', 250, 13, 55],
  ['wamba.jacqueline', 'B', 150, 14, 54],
  ['moussa', 'B', 400, 13.5, 52],
  ['simo.bernard', 'C', 350, 15, 51],
  ['talla.florence', 'B', 600, 12.5, 50],
  ['nkamgang.pierre', 'B', 200, 13, 48],
  ['ngoufack.berthe', 'B', 350, 13, 44],
  ['kamdem.joseph', 'B', 550, 12.5, 42],
  ['youmbi.clarisse', 'B', 200, 13.5, 40],
  ['feudjio.marthe', 'B', 150, 14, 38],
  ['noubissi.victor', 'C', 300, 15, 37],
  ['tchoffo.sylvain', 'B', 400, 13, 35],
  ['nzeukou.gaston', 'B', 350, 12.5, 31],
  ['zebaze.roger', 'B', 500, 13, 27],
  ['donfack.etienne', 'B', 450, 13, 22],
  ['amina', 'C', 100, 14.5, 18],
  ['nana.boris', 'B', 200, 13.5, 16],
  ['pokam.andre', 'C', 300, 14.5, 12],
  ['tiam.rodrigue', 'B', 250, 13.5, 10],
  ['fotsing.nadege', 'C', 300, 14.5, 8],
  ['tanyi.comfort', 'B', 200, 13, 6],
  [COOP_ADMIN, 'B', 400, 12.5, 4],
];

/** The grade whose lot is sold; the other's stays open. */
export const SOLD_GRADE: Grade = 'B';

/** An intake weighed wrong (the intake at this index of SEASON), reversed, and entered again right. */
export const WRONG_INTAKE = {
  index: SEASON.findIndex(([member]) => member === 'nzeukou.gaston'),
  reason: 'Erreur de saisie : 5 sacs pesés, 250 kg et non 350 kg',
  rightKg: 250,
};

export const BAG_KG = 50;

/** Inputs advanced at planting, repaid from the members' shares: who, CFA francs, what, days ago. */
export const CREDITS: readonly (readonly [member: string, fcfa: number, note: string, daysAgo: number])[] = [
  ['kamdem.joseph', 36_000, 'Engrais NPK 20-10-10, 2 sacs de 50 kg', 70],
  ['talla.florence', 22_500, 'Semences de maïs CMS 8704, 25 kg', 68],
  ['zebaze.roger', 27_000, 'Engrais urée, 1 sac, et traitement contre la chenille légionnaire', 65],
];

/** Which members' payouts the demo "MTN" refuses (the number is not a Mobile Money account). */
export const PAYOUT_FAILS = ['tsafack.emmanuel'];

export interface DemoGroupPost {
  author: string;
  hoursAgo: number;
  body: string;
  comments: readonly { author: string; body: string }[];
}

/** The co-operative's feed, oldest first (its members only read it). */
export const COOP_POSTS: DemoGroupPost[] = [
  {
    author: COOP_ADMIN,
    hoursAgo: 24 * 62,
    body: 'Rappel : le magasin reçoit le maïs du lundi au samedi, de 7 h à 16 h. Sacs de 50 kg, 15 % d’humidité au plus. Chaque dépôt vous donne un reçu par SMS : gardez la référence.',
    comments: [
      { author: 'amina', body: 'Merci ! Le reçu est arrivé tout de suite après la pesée.' },
      { author: COOP_STORE_KEEPER, body: 'Triez les grains cassés avant de venir : cela évite le grade C.' },
    ],
  },
  {
    author: COOP_STORE_KEEPER,
    hoursAgo: 24 * 18,
    body: 'Le lot de maïs grade C reste ouvert : nous le vendrons quand il atteindra 5 tonnes. Les bâches de séchage sont disponibles au magasin le mercredi, pour passer en grade B la prochaine fois.',
    comments: [{ author: 'pokam.andre', body: 'J’apporte 6 sacs vendredi.' }],
  },
  {
    author: COOP_ADMIN,
    hoursAgo: 2,
    body: 'Le lot de maïs grade B est vendu, livré et payé, et le règlement est approuvé. Chacun a reçu son relevé par SMS et son paiement Mobile Money ; ceux qui n’ont pas de numéro vérifié passent au magasin pour être payés en espèces.',
    comments: [
      { author: 'moussa', body: 'Je passe jeudi au magasin.' },
      { author: 'kenfack.martin', body: 'Bien reçu, merci au bureau.' },
    ],
  },
];

/** A public discussion group of young farmers of the West region. */
export const YOUTH_GROUP = {
  name: 'Jeunes agriculteurs de l’Ouest',
  description:
    'Échanges entre jeunes producteurs de l’Ouest : techniques, matériel, formations et débouchés. Ouvert à tous.',
  region: 'Ouest',
  founder: 'nana.boris',
  /** Opened (and joined) this many days before the demo. */
  daysOld: 30,
  joiners: ['tiam.rodrigue', 'mbiada.stephanie', 'fotsing.nadege', 'njoya.ibrahim', 'amina'],
};

export const YOUTH_POSTS: DemoGroupPost[] = [
  {
    author: 'nana.boris',
    hoursAgo: 24 * 5,
    body: 'Qui a déjà séché son maïs sur claies surélevées ? Au magasin, les sacs à plus de 15 % d’humidité sont refusés.',
    comments: [
      {
        author: 'tiam.rodrigue',
        body: 'Oui, sur claies en bambou : en trois jours de soleil je passe de 18 à 13 %. Il faut retourner deux fois par jour.',
      },
      {
        author: 'amina',
        body: 'Et couvrez la nuit, la rosée remonte vite. Un humidimètre partagé coûte moins cher que des sacs refusés.',
      },
    ],
  },
  {
    author: 'mbiada.stephanie',
    hoursAgo: 24 * 3,
    body: 'Formation gratuite sur la lutte contre la chenille légionnaire samedi à 9 h, à la délégation d’agriculture de Bafoussam. Qui vient ?',
    comments: [
      { author: 'fotsing.nadege', body: 'Je viens avec deux voisines.' },
      {
        author: 'njoya.ibrahim',
        body: 'Trop loin de Foumban pour moi cette fois : partagez vos notes, svp !',
      },
    ],
  },
  {
    author: 'tiam.rodrigue',
    hoursAgo: 20,
    body: 'Je cherche un motoculteur à louer vers Baleng pour deux hectares la semaine prochaine. Des contacts ?',
    comments: [
      {
        author: 'nana.boris',
        body: 'Le GIC de Baleng en loue un avec chauffeur : demande Martin au marché.',
      },
    ],
  },
];
