// The network's demo content: posts in English and French from farmers, buyers and advisers of West and Central
// Africa, with their comments. Ages are in hours before the seed runs; authors are usernames.
import type { PostType } from '../../contract/network';
import type { ReactionType } from '../../contract/network-constants';
import type { AccountRow } from './accounts';
import type { Rgb } from './demo-photos';

export interface SeedComment {
  author: string;
  content: string;
}
export interface SeedPost {
  author: string;
  hoursAgo: number;
  type: PostType;
  content: string;
  /** Old posts' text labels. */
  attachments?: string[];
  /** Pictures (one colour each, made in code). */
  photos?: Rgb[];
  comments?: SeedComment[];
}

/** Extra demo members the network needs besides amina, kofi and claire (created once, by username). */
export const NETWORK_USERS: AccountRow[] = [
  ['ngozi_okafor', 'farmer', 'en', null, ['+234', null]],
  ['moussa_diallo', 'farmer', 'fr', null, ['+221', null]],
  ['esther_mbarga', 'agent', 'fr', null, ['+237', null]],
  ['yaw_mensah', 'farmer', 'en', null, ['+233', null]],
  ['aissatou_bello', 'buyer', 'fr', null, ['+235', null]],
];

export const SEED_POSTS: SeedPost[] = [
  {
    author: 'esther_mbarga',
    hoursAgo: 24 * 20,
    type: 'insight',
    content:
      "Rappel pour la campagne de maïs dans les Hauts-Plateaux de l'Ouest : semez dès que les pluies sont bien installées (au moins 20 mm cumulés sur trois jours). Un semis trop précoce sur sol sec donne des levées irrégulières.",
    comments: [
      { author: 'amina', content: 'Merci Esther, à Bafoussam les pluies sont arrivées la semaine dernière.' },
      { author: 'moussa_diallo', content: 'Chez nous à Kaolack on attend encore, la saison est en retard.' },
    ],
  },
  {
    author: 'ngozi_okafor',
    hoursAgo: 24 * 19,
    type: 'question',
    content:
      'Has anyone tried the drought-tolerant maize varieties (DTMA) in the savannah belt? My yields in Kaduna dropped by a third last season after the August dry spell.',
    comments: [
      {
        author: 'yaw_mensah',
        content:
          'We planted one in Tamale last year. It held up well in a 3-week dry spell. Seed is pricier though.',
      },
      {
        author: 'esther_mbarga',
        content: 'Yes, and combine it with mulching: the two together make the difference.',
      },
    ],
  },
  {
    author: 'amina',
    hoursAgo: 24 * 18,
    type: 'insight',
    content:
      "J'ai essayé le paillage avec les tiges de maïs de l'an dernier sur une parcelle de haricots. Le sol reste humide deux à trois jours de plus après la pluie. Je recommande !",
    photos: [
      [96, 120, 60],
      [150, 120, 70],
    ],
    comments: [
      { author: 'claire', content: 'Très bonne pratique. Pensez à partager vos rendements à la récolte.' },
    ],
  },
  {
    author: 'kofi',
    hoursAgo: 24 * 17,
    type: 'insight',
    content:
      'Buyers in Kumasi are paying a premium for cocoa beans fermented a full 6 days and sun-dried to below 7.5 % moisture. Short fermentation is the first reason we reject lots.',
    comments: [
      {
        author: 'yaw_mensah',
        content: 'Good to know. Do you test moisture on the spot or at the warehouse?',
      },
      { author: 'kofi', content: 'On the spot with a handheld meter, then again at the warehouse.' },
    ],
  },
  {
    author: 'moussa_diallo',
    hoursAgo: 24 * 16,
    type: 'question',
    content:
      "Quelqu'un a-t-il une bonne méthode contre la chenille légionnaire d'automne sur le mil ? Les dégâts commencent sur mes jeunes plants.",
    comments: [
      {
        author: 'esther_mbarga',
        content:
          'Inspectez 20 plants par parcelle deux fois par semaine. Au-delà de 20 % de plants touchés, un traitement au Bt ou au neem est justifié. Évitez les pyréthrinoïdes en continu.',
      },
      {
        author: 'amina',
        content: 'La cendre de bois dans le cornet a un peu aidé chez moi, mais il faut répéter.',
      },
    ],
  },
  {
    author: 'yaw_mensah',
    hoursAgo: 24 * 15,
    type: 'event',
    content:
      'Field day on cassava processing at the Techiman co-op on Saturday, 9 am. We will show a motorised grater and a low-cost gari roaster. All welcome.',
    attachments: ['programme.pdf', 'map-techiman-coop.png'],
  },
  {
    author: 'claire',
    hoursAgo: 24 * 14,
    type: 'insight',
    content:
      'Les prix du cacao ont progressé ce mois-ci sur le marché de Douala. Avant de vendre, comparez les offres de plusieurs acheteurs sur la Place de marché de Terroir.',
  },
  {
    author: 'amina',
    hoursAgo: 24 * 13,
    type: 'question',
    content:
      "Quel écartement utilisez-vous pour le manioc en association avec l'arachide ? Je pensais à 1 m × 1 m pour le manioc avec deux lignes d'arachide entre les rangs.",
    comments: [
      {
        author: 'esther_mbarga',
        content: "1 m × 1 m convient bien. Semez l'arachide deux semaines après le manioc.",
      },
      { author: 'ngozi_okafor', content: 'Same spacing here in Enugu, it works well.' },
    ],
  },
  {
    author: 'ngozi_okafor',
    hoursAgo: 24 * 12,
    type: 'insight',
    content:
      'Tip for storing cowpea: triple-layer hermetic bags (PICS) kept my grain free of weevils for 8 months, with no chemicals at all.',
    comments: [
      {
        author: 'aissatou_bello',
        content: "C'est ce que nous demandons à nos fournisseurs à N'Djamena aussi.",
      },
    ],
  },
  {
    author: 'aissatou_bello',
    hoursAgo: 24 * 11,
    type: 'question',
    content:
      "Je cherche 20 tonnes de sorgho blanc pour la fin du mois, livraison à N'Djamena. Des producteurs du Nord-Cameroun intéressés ?",
    comments: [
      { author: 'amina', content: 'Je transmets à la coopérative de Garoua, ils avaient du stock en mars.' },
    ],
  },
  {
    author: 'esther_mbarga',
    hoursAgo: 24 * 10,
    type: 'insight',
    content:
      "Pour la tomate en saison des pluies, le mildiou arrive vite quand l'humidité reste au-dessus de 90 % plusieurs nuits de suite. Tuteurez, aérez et retirez les feuilles du bas.",
  },
  {
    author: 'kofi',
    hoursAgo: 24 * 9,
    type: 'question',
    content:
      'Which farmers here can supply grade A yellow maize every month? We are looking for steady partners rather than one-off lots.',
    comments: [
      { author: 'amina', content: 'Our co-op in Bafoussam can deliver about 15 t a month after harvest.' },
      { author: 'ngozi_okafor', content: 'Interested too. I can do 8 t a month from September.' },
    ],
  },
  {
    author: 'moussa_diallo',
    hoursAgo: 24 * 8,
    type: 'insight',
    content:
      "Le zaï a transformé une parcelle dégradée près de Kaffrine : des trous de 20 cm remplis de fumier, et le mil a produit presque deux fois plus que l'an dernier.",
    photos: [
      [180, 150, 100],
      [90, 130, 60],
    ],
    comments: [{ author: 'claire', content: 'Superbe résultat, merci de partager la technique.' }],
  },
  {
    author: 'yaw_mensah',
    hoursAgo: 24 * 7,
    type: 'insight',
    content:
      'Soil test results from the district lab: my plots are at pH 5.1. Liming with 1.5 t/ha of dolomite before planting soybean, will report back on nodulation.',
  },
  {
    author: 'amina',
    hoursAgo: 24 * 6,
    type: 'event',
    content:
      'Réunion de la coopérative des producteurs de maïs de Bafoussam jeudi à 15 h : organisation des ventes groupées et du transport vers Douala.',
    attachments: ['ordre-du-jour.pdf'],
  },
  {
    author: 'ngozi_okafor',
    hoursAgo: 24 * 5 + 6,
    type: 'question',
    content:
      'What do you pay casual labour for weeding per day in your area? Rates in Kaduna went from 2,000 to 3,000 naira this year.',
  },
  {
    author: 'claire',
    hoursAgo: 24 * 5,
    type: 'insight',
    content:
      'Reminder: recording every sale and expense in Financial Services gives you an income statement ready for the bank when you apply for credit.',
  },
  {
    author: 'esther_mbarga',
    hoursAgo: 24 * 4 + 8,
    type: 'event',
    content:
      'Formation gratuite sur la lutte intégrée contre les ravageurs du cacaoyer à Mbalmayo, mardi prochain. Places limitées à 30 personnes.',
    attachments: ['fiche-inscription.pdf'],
  },
  {
    author: 'kofi',
    hoursAgo: 24 * 4,
    type: 'insight',
    content:
      'Transport tip: sharing a truck between three farms cut our cost per ton from Techiman to Accra by almost 40 %. Plan pickups on the same day.',
    comments: [{ author: 'yaw_mensah', content: 'We did the same with the Wenchi farmers. It works.' }],
  },
  {
    author: 'amina',
    hoursAgo: 24 * 3 + 5,
    type: 'question',
    content:
      'Mes plants de plantain ont des feuilles avec des stries noires. Cercosporiose noire ? Que faites-vous à part couper les feuilles atteintes ?',
    comments: [
      {
        author: 'esther_mbarga',
        content:
          'Oui, cela y ressemble. Effeuillez, espacez bien et apportez de la matière organique. Je passe la semaine prochaine.',
      },
    ],
  },
  {
    author: 'moussa_diallo',
    hoursAgo: 24 * 3,
    type: 'insight',
    content:
      'Astuce : semer le niébé entre les lignes de mil protège le sol et nous a donné une deuxième récolte sans engrais supplémentaire.',
  },
  {
    author: 'yaw_mensah',
    hoursAgo: 24 * 2 + 10,
    type: 'question',
    content:
      'Any experience with solar-powered drip kits for vegetables in the dry season? Looking at a 0.25 ha kit for onions.',
    comments: [
      {
        author: 'ngozi_okafor',
        content: 'A neighbour has one. Pump and panels were fine; the filters need cleaning weekly.',
      },
    ],
  },
  {
    author: 'aissatou_bello',
    hoursAgo: 24 * 2 + 4,
    type: 'insight',
    content:
      'Les acheteurs de sésame à Moundou exigent maintenant des sacs neufs et un tri soigné. Les lots propres se vendent 10 à 15 % plus cher.',
  },
  {
    author: 'ngozi_okafor',
    hoursAgo: 24 * 2,
    type: 'insight',
    content:
      'Harvested my first plot of DT maize today: 4.2 t/ha despite the dry spell. Thanks to everyone who gave advice here!',
    attachments: ['harvest-day.jpg'],
    comments: [
      { author: 'amina', content: 'Félicitations Ngozi !' },
      { author: 'kofi', content: 'Great result. Let me know when you have it bagged, I can make an offer.' },
    ],
  },
  {
    author: 'claire',
    hoursAgo: 30,
    type: 'event',
    content:
      'Webinaire Terroir jeudi à 18 h (heure de Douala) : comment fixer un prix de vente à partir de ses coûts de production. Inscription auprès de votre agent.',
  },
  {
    author: 'esther_mbarga',
    hoursAgo: 26,
    type: 'insight',
    content:
      'Les capteurs d’humidité du sol montrent que beaucoup de parcelles sont arrosées trop tôt le matin et trop souvent. Arroser moins souvent mais plus en profondeur favorise les racines.',
  },
  {
    author: 'kofi',
    hoursAgo: 20,
    type: 'question',
    content:
      'Who is harvesting groundnuts in the next two weeks? Looking for 10 t of shelled nuts with aflatoxin testing.',
  },
  {
    author: 'amina',
    hoursAgo: 14,
    type: 'insight',
    content:
      "Le prix du maïs au marché de Bafoussam est remonté à 210 FCFA le kilo. Bon moment pour vendre ce qui reste des stocks de l'an dernier.",
    comments: [{ author: 'moussa_diallo', content: 'Ici le mil est stable, autour de 250 FCFA.' }],
  },
  {
    author: 'moussa_diallo',
    hoursAgo: 9,
    type: 'question',
    content:
      'Comment conservez-vous les oignons après la récolte ? Nous perdons près du tiers du stock en trois mois.',
    comments: [
      {
        author: 'esther_mbarga',
        content:
          'Séchez-les au champ 10 jours, puis stockez en claies aérées et à l’ombre. Triez chaque semaine.',
      },
    ],
  },
  {
    author: 'yaw_mensah',
    hoursAgo: 5,
    type: 'insight',
    content: 'First rains in Brong-Ahafo today, 18 mm. Land preparation starts tomorrow.',
  },
  {
    author: 'ngozi_okafor',
    hoursAgo: 2,
    type: 'question',
    content: 'Does anyone know a reliable supplier of certified soybean seed in Kaduna or Zaria?',
  },
  {
    author: 'amina',
    hoursAgo: 1,
    type: 'insight',
    content:
      'Bonne nouvelle : notre coopérative a obtenu un séchoir solaire. Les membres peuvent réserver des créneaux dès la semaine prochaine.',
  },
];

/** Who reacts to what: deterministic, so the feed looks the same after every reset. */
export function seedReactions(postIndex: number, users: string[]): { user: string; type: ReactionType }[] {
  const out: { user: string; type: ReactionType }[] = [];
  users.forEach((user, j) => {
    const k = (postIndex * 7 + j * 3) % 10;
    if (k < 4) {
      out.push({ user, type: 'like' });
    }
    if (k === 1 || k === 5 || k === 8) {
      out.push({ user, type: 'helpful' });
    }
    if (k === 2 || k === 6) {
      out.push({ user, type: 'insightful' });
    }
  });
  return out;
}

/** Connections: [asker, asked, status]. Several requests wait for amina's answer. */
export const SEED_CONNECTIONS: [string, string, 'pending' | 'accepted' | 'declined'][] = [
  ['kofi', 'amina', 'accepted'],
  ['amina', 'claire', 'accepted'],
  ['amina', 'esther_mbarga', 'accepted'],
  ['ngozi_okafor', 'amina', 'pending'],
  ['moussa_diallo', 'amina', 'pending'],
  ['aissatou_bello', 'amina', 'pending'],
  ['amina', 'yaw_mensah', 'pending'],
  ['yaw_mensah', 'kofi', 'accepted'],
  ['ngozi_okafor', 'kofi', 'accepted'],
  ['claire', 'kofi', 'pending'],
  ['esther_mbarga', 'moussa_diallo', 'accepted'],
];
