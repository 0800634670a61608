// Demo directory: people in every role with Cameroonian and other West/Central African names, farmer profiles and
// buyers' saved searches. Tables first (one row a person), then the code that writes them.
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { marketModel } from '../marketplace/market-model';
import { countSavedSearches, insertSavedSearch } from '../users/saved-searches.repo';
import { profiles } from '../users/users.schema';
import { type AccountRow, accountOf, ensureDemoUsers } from './accounts';
import { demoCents } from './money';

/** An account's row (username, role, language, email, phone), then whether their profile shows their contact. */
type PersonRow = readonly [...AccountRow, showContact: boolean];

/** A farmer's public profile; the lists left empty are written as empty. */
interface ProfileRow {
  username: string;
  experience: number;
  region: string;
  country: string;
  crops: string[];
  farmTypes: string[];
  certifications: string[];
  languages: string[];
  bio: string;
}

/** Farmers first, then buyers, agents, drivers and managers (accounts are created in this order). */
const PEOPLE: PersonRow[] = [
  ['amina', 'farmer', 'fr', null, null, false],
  ['ngono.marie', 'farmer', 'fr', 'marie.ngono@example.cm', ['+237', '677 41 22 08'], true],
  ['fotso_jean', 'farmer', 'fr', 'jean.fotso@example.cm', ['+237', '699 10 54 73'], false],
  ['tabi.emmanuel', 'farmer', 'en', 'emmanuel.tabi@example.cm', ['+237', '675 88 31 20'], true],
  ['ebai.grace', 'farmer', 'en', null, null, false],
  ['hamadou.bello', 'farmer', 'fr', null, ['+237', '694 20 77 15'], false],
  ['mballa.paul', 'farmer', 'fr', null, null, false],
  ['nkwenti.rose', 'farmer', 'en', 'rose.nkwenti@example.cm', null, true],
  ['diop.awa', 'farmer', 'fr', 'awa.diop@example.sn', ['+221', '77 412 33 90'], false],
  ['kouassi.yao', 'farmer', 'fr', null, null, false],
  ['ouedraogo.salif', 'farmer', 'fr', null, ['+226', '70 25 61 18'], true],
  ['adjovi.koffi', 'farmer', 'fr', null, null, false],
  ['okafor.chinedu', 'farmer', 'en', 'chinedu.okafor@example.ng', null, false],
  ['mensah.abena', 'farmer', 'en', null, ['+233', '24 555 0192'], false],
  ['njoya.ibrahim', 'farmer', 'fr', null, null, false],
  ['essomba.brice', 'buyer', 'fr', 'achats@essomba-negoce.example.cm', ['+237', '690 55 12 44'], true],
  ['atangana.sylvie', 'buyer', 'fr', 'sylvie.atangana@example.cm', null, false],
  ['eto.patrick', 'buyer', 'fr', null, ['+237', '656 73 20 91'], false],
  ['fon.divine', 'buyer', 'en', 'divine.fon@example.cm', null, true],
  ['adebayo.tunde', 'buyer', 'en', 'tunde@lagos-grains.example.ng', ['+234', '803 555 0147'], false],
  ['asante.kwame', 'buyer', 'en', null, ['+233', '20 555 0133'], false],
  ['ndiaye.fatou', 'buyer', 'fr', 'fatou.ndiaye@example.sn', ['+221', '76 901 44 21'], true],
  ['kamga.herve', 'buyer', 'fr', null, null, false],
  ['biya.estelle', 'agent', 'fr', 'estelle.biya@terroir.example', ['+237', '670 12 98 33'], true],
  ['nfor.collins', 'agent', 'en', 'collins.nfor@terroir.example', null, false],
  ['traore.moussa', 'agent', 'fr', null, ['+225', '07 58 22 41 90'], false],
  ['abessolo.serge', 'delivery', 'fr', null, ['+237', '651 44 80 02'], true],
  ['ngwa.peter', 'delivery', 'en', null, ['+237', '678 03 61 57'], false],
  ['sow.mamadou', 'delivery', 'fr', null, null, false],
  ['manga.therese', 'manager', 'fr', 'therese.manga@terroir.example', null, true],
  ['achu.lydia', 'manager', 'en', 'lydia.achu@terroir.example', null, false],
];

/** The farmers' profiles. */
const PROFILES: ProfileRow[] = [
  {
    username: 'amina',
    experience: 12,
    region: 'Ouest',
    country: 'Cameroun',
    crops: ['Maïs', 'Manioc', 'Haricot'],
    farmTypes: ['Cultures vivrières'],
    certifications: [],
    languages: ['Français', 'Ghomálá’', 'English'],
    bio: "Je cultive le maïs et le manioc près de Bafoussam, en coopérative avec mes voisines. J'essaie l'irrigation goutte-à-goutte cette saison.",
  },
  {
    username: 'ngono.marie',
    experience: 21,
    region: 'Centre',
    country: 'Cameroun',
    crops: ['Cacao', 'Banane plantain'],
    farmTypes: ['Agroforesterie'],
    certifications: ['Rainforest Alliance'],
    languages: ['Français', 'Ewondo'],
    bio: 'Productrice de cacao à Mbalmayo depuis vingt ans. Séchage solaire et fermentation soignée.',
  },
  {
    username: 'fotso_jean',
    experience: 30,
    region: 'Ouest',
    country: 'Cameroun',
    crops: ['Café arabica', 'Pomme de terre'],
    farmTypes: ['Plantation', 'Maraîchage'],
    certifications: [],
    languages: ['Français', 'Yemba'],
    bio: 'Café arabica et pommes de terre sur les hauts plateaux de Dschang.',
  },
  {
    username: 'tabi.emmanuel',
    experience: 15,
    region: 'North-West',
    country: 'Cameroon',
    crops: ['Maize', 'Beans', 'Irish potato'],
    farmTypes: ['Mixed farming'],
    certifications: [],
    languages: ['English', 'Pidgin'],
    bio: 'Smallholder in Bamenda growing maize and beans; I train young farmers in composting.',
  },
  {
    username: 'ebai.grace',
    experience: 9,
    region: 'South-West',
    country: 'Cameroon',
    crops: ['Oil palm', 'Cassava'],
    farmTypes: [],
    certifications: [],
    languages: ['English', 'Bakweri'],
    bio: 'Oil palm and cassava near Kumba. Processing gari for the Buea market.',
  },
  {
    username: 'hamadou.bello',
    experience: 25,
    region: 'Nord',
    country: 'Cameroun',
    crops: ['Coton', 'Sorgho', 'Arachide'],
    farmTypes: ['Cultures de rente', 'Élevage'],
    certifications: [],
    languages: ['Français', 'Fulfulde'],
    bio: "Coton et sorgho dans la Bénoué, avec un petit élevage de zébus. L'eau est le souci principal.",
  },
  {
    username: 'mballa.paul',
    experience: 6,
    region: 'Sud',
    country: 'Cameroun',
    crops: ['Ananas', 'Piment'],
    farmTypes: [],
    certifications: [],
    languages: ['Français', 'Bulu'],
    bio: 'Ananas et piment à Ebolowa, vente en bord de route et aux grossistes de Yaoundé.',
  },
  {
    username: 'nkwenti.rose',
    experience: 11,
    region: 'North-West',
    country: 'Cameroon',
    crops: ['Tomato', 'Cabbage', 'Carrot'],
    farmTypes: ['Market gardening', 'Poultry'],
    certifications: [],
    languages: ['English', 'Lamnso'],
    bio: 'Vegetables and poultry in Kumbo. Women’s group treasurer.',
  },
  {
    username: 'diop.awa',
    experience: 18,
    region: 'Thiès',
    country: 'Sénégal',
    crops: ['Oignon', 'Arachide', 'Mil'],
    farmTypes: [],
    certifications: [],
    languages: ['Français', 'Wolof'],
    bio: "Oignons et arachides dans les Niayes. Je suis la présidente d'un GIE de productrices.",
  },
  {
    username: 'kouassi.yao',
    experience: 14,
    region: 'Nawa',
    country: "Côte d'Ivoire",
    crops: ['Cacao', 'Hévéa'],
    farmTypes: [],
    certifications: ['Fairtrade'],
    languages: ['Français', 'Baoulé'],
    bio: 'Cacao et hévéa vers Soubré. Je replante des variétés tolérantes au swollen shoot.',
  },
  {
    username: 'ouedraogo.salif',
    experience: 22,
    region: 'Plateau-Central',
    country: 'Burkina Faso',
    crops: ['Sésame', 'Niébé', 'Sorgho'],
    farmTypes: [],
    certifications: [],
    languages: ['Français', 'Mooré'],
    bio: 'Sésame et niébé au Plateau central, zaï et cordons pierreux contre la sécheresse.',
  },
  {
    username: 'adjovi.koffi',
    experience: 8,
    region: 'Atlantique',
    country: 'Bénin',
    crops: ['Ananas'],
    farmTypes: [],
    certifications: ['Agriculture biologique'],
    languages: ['Français', 'Fon'],
    bio: 'Ananas pain de sucre à Allada, certifié bio pour l’export.',
  },
  {
    username: 'okafor.chinedu',
    experience: 17,
    region: 'Enugu',
    country: 'Nigeria',
    crops: ['Yam', 'Cassava', 'Maize'],
    farmTypes: [],
    certifications: [],
    languages: ['English', 'Igbo'],
    bio: 'Yam and cassava in Enugu State; running a small garri mill with my brothers.',
  },
  {
    username: 'mensah.abena',
    experience: 10,
    region: 'Ashanti',
    country: 'Ghana',
    crops: ['Cocoa', 'Plantain'],
    farmTypes: [],
    certifications: [],
    languages: ['English', 'Twi'],
    bio: 'Cocoa farmer in the Ashanti Region. Interested in fermentation quality and fair prices.',
  },
  {
    username: 'njoya.ibrahim',
    experience: 5,
    region: 'Ouest',
    country: 'Cameroun',
    crops: ['Maïs', 'Soja'],
    farmTypes: [],
    certifications: [],
    languages: ['Français', 'Bamoun'],
    bio: 'Maïs et soja à Foumban, je fournis des provenderies pour la volaille.',
  },
];

/** Buyers' saved marketplace searches (added only when the buyer has none). */
const DEMO_SEARCHES: Record<
  string,
  { name: string; query: string | null; grade: 'A' | 'B' | 'C' | null; maxPriceCents: number | null }[]
> = {
  kofi: [
    { name: 'Cocoa grade A', query: 'cocoa', grade: 'A', maxPriceCents: 260_000 },
    { name: 'Cheap maize', query: 'maize', grade: null, maxPriceCents: 30_000 },
  ],
  'essomba.brice': [{ name: 'Cacao Mbalmayo', query: 'cacao', grade: 'A', maxPriceCents: null }],
};

async function seedSearches(ctx: AppContext): Promise<void> {
  // Each search's market as a user's own save would find it (cacao and cocoa are one kind).
  const catalogue = await marketModel.of(ctx).catalogue.get();
  for (const [username, searches] of Object.entries(DEMO_SEARCHES)) {
    const user = await findUserByUsername(ctx.db, username);
    if (!user || (await countSavedSearches(ctx.db, user.id)) > 0) {
      continue;
    }
    for (const search of searches) {
      const maxPriceCents = search.maxPriceCents === null ? null : demoCents(search.maxPriceCents);
      const marketKey = search.query === null ? null : (catalogue.kindOf(search.query)?.key ?? null);
      await insertSavedSearch(ctx.db, { userId: user.id, ...search, marketKey, maxPriceCents });
    }
  }
}

/** The profile row of a person with a profile or a shown contact (others get none). */
function profileRowOf(userId: number, [username, , , , , showContact]: PersonRow) {
  const profile = PROFILES.find((p) => p.username === username);
  if (!profile && !showContact) {
    return [];
  }
  return [
    {
      userId,
      showContact,
      ...(profile
        ? {
            bio: profile.bio,
            farmingExperience: profile.experience,
            preferredCrops: profile.crops,
            region: profile.region,
            country: profile.country,
            farmTypes: profile.farmTypes,
            certifications: profile.certifications,
            languagesSpoken: profile.languages,
          }
        : {}),
    },
  ];
}

/** Idempotent: existing accounts and profiles (maybe edited since) are left as they are. */
export async function seed(ctx: AppContext): Promise<void> {
  const users = await ensureDemoUsers(ctx, PEOPLE.map(accountOf));
  const rows = PEOPLE.flatMap((person) => {
    const user = users.get(person[0]);
    return user ? profileRowOf(user.id, person) : [];
  });
  if (rows.length > 0) {
    await ctx.db.insert(profiles).values(rows).onConflictDoNothing({ target: profiles.userId });
  }
  await seedSearches(ctx);
}
