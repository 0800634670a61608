// Demo directory: people in every role with Cameroonian and other West/Central African names, farmer profiles.

import type { Language, Role } from '../../contract/constants';
import { ensureDemoUsers } from '../auth/demo-accounts';
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { demoCents } from '../demo-money';
import { marketModel } from '../marketplace/market-model';
import { countSavedSearches, insertSavedSearch } from './saved-searches.repo';
import { profiles } from './users.schema';

interface DemoPerson {
  username: string;
  role: Role;
  language: Language;
  email?: string;
  phone?: [countryCode: string, number: string];
  showContact?: boolean;
  profile?: {
    bio: string;
    experience: number;
    crops: string[];
    region: string;
    country: string;
    farmTypes?: string[];
    certifications?: string[];
    languages?: string[];
  };
}

const FARMERS: DemoPerson[] = [
  {
    username: 'amina',
    role: 'farmer',
    language: 'fr',
    profile: {
      bio: "Je cultive le maïs et le manioc près de Bafoussam, en coopérative avec mes voisines. J'essaie l'irrigation goutte-à-goutte cette saison.",
      experience: 12,
      crops: ['Maïs', 'Manioc', 'Haricot'],
      region: 'Ouest',
      country: 'Cameroun',
      farmTypes: ['Cultures vivrières'],
      languages: ['Français', 'Ghomálá’', 'English'],
    },
  },
  {
    username: 'ngono.marie',
    role: 'farmer',
    language: 'fr',
    email: 'marie.ngono@example.cm',
    phone: ['+237', '677 41 22 08'],
    showContact: true,
    profile: {
      bio: 'Productrice de cacao à Mbalmayo depuis vingt ans. Séchage solaire et fermentation soignée.',
      experience: 21,
      crops: ['Cacao', 'Banane plantain'],
      region: 'Centre',
      country: 'Cameroun',
      farmTypes: ['Agroforesterie'],
      certifications: ['Rainforest Alliance'],
      languages: ['Français', 'Ewondo'],
    },
  },
  {
    username: 'fotso_jean',
    role: 'farmer',
    language: 'fr',
    email: 'jean.fotso@example.cm',
    phone: ['+237', '699 10 54 73'],
    profile: {
      bio: 'Café arabica et pommes de terre sur les hauts plateaux de Dschang.',
      experience: 30,
      crops: ['Café arabica', 'Pomme de terre'],
      region: 'Ouest',
      country: 'Cameroun',
      farmTypes: ['Plantation', 'Maraîchage'],
      languages: ['Français', 'Yemba'],
    },
  },
  {
    username: 'tabi.emmanuel',
    role: 'farmer',
    language: 'en',
    email: 'emmanuel.tabi@example.cm',
    phone: ['+237', '675 88 31 20'],
    showContact: true,
    profile: {
      bio: 'Smallholder in Bamenda growing maize and beans; I train young farmers in composting.',
      experience: 15,
      crops: ['Maize', 'Beans', 'Irish potato'],
      region: 'North-West',
      country: 'Cameroon',
      farmTypes: ['Mixed farming'],
      languages: ['English', 'Pidgin'],
    },
  },
  {
    username: 'ebai.grace',
    role: 'farmer',
    language: 'en',
    profile: {
      bio: 'Oil palm and cassava near Kumba. Processing gari for the Buea market.',
      experience: 9,
      crops: ['Oil palm', 'Cassava'],
      region: 'South-West',
      country: 'Cameroon',
      languages: ['English', 'Bakweri'],
    },
  },
  {
    username: 'hamadou.bello',
    role: 'farmer',
    language: 'fr',
    phone: ['+237', '694 20 77 15'],
    profile: {
      bio: "Coton et sorgho dans la Bénoué, avec un petit élevage de zébus. L'eau est le souci principal.",
      experience: 25,
      crops: ['Coton', 'Sorgho', 'Arachide'],
      region: 'Nord',
      country: 'Cameroun',
      farmTypes: ['Cultures de rente', 'Élevage'],
      languages: ['Français', 'Fulfulde'],
    },
  },
  {
    username: 'mballa.paul',
    role: 'farmer',
    language: 'fr',
    profile: {
      bio: 'Ananas et piment à Ebolowa, vente en bord de route et aux grossistes de Yaoundé.',
      experience: 6,
      crops: ['Ananas', 'Piment'],
      region: 'Sud',
      country: 'Cameroun',
      languages: ['Français', 'Bulu'],
    },
  },
  {
    username: 'nkwenti.rose',
    role: 'farmer',
    language: 'en',
    email: 'rose.nkwenti@example.cm',
    showContact: true,
    profile: {
      bio: 'Vegetables and poultry in Kumbo. Women’s group treasurer.',
      experience: 11,
      crops: ['Tomato', 'Cabbage', 'Carrot'],
      region: 'North-West',
      country: 'Cameroon',
      farmTypes: ['Market gardening', 'Poultry'],
      languages: ['English', 'Lamnso'],
    },
  },
  {
    username: 'diop.awa',
    role: 'farmer',
    language: 'fr',
    email: 'awa.diop@example.sn',
    phone: ['+221', '77 412 33 90'],
    profile: {
      bio: "Oignons et arachides dans les Niayes. Je suis la présidente d'un GIE de productrices.",
      experience: 18,
      crops: ['Oignon', 'Arachide', 'Mil'],
      region: 'Thiès',
      country: 'Sénégal',
      languages: ['Français', 'Wolof'],
    },
  },
  {
    username: 'kouassi.yao',
    role: 'farmer',
    language: 'fr',
    profile: {
      bio: 'Cacao et hévéa vers Soubré. Je replante des variétés tolérantes au swollen shoot.',
      experience: 14,
      crops: ['Cacao', 'Hévéa'],
      region: 'Nawa',
      country: "Côte d'Ivoire",
      certifications: ['Fairtrade'],
      languages: ['Français', 'Baoulé'],
    },
  },
  {
    username: 'ouedraogo.salif',
    role: 'farmer',
    language: 'fr',
    phone: ['+226', '70 25 61 18'],
    showContact: true,
    profile: {
      bio: 'Sésame et niébé au Plateau central, zaï et cordons pierreux contre la sécheresse.',
      experience: 22,
      crops: ['Sésame', 'Niébé', 'Sorgho'],
      region: 'Plateau-Central',
      country: 'Burkina Faso',
      languages: ['Français', 'Mooré'],
    },
  },
  {
    username: 'adjovi.koffi',
    role: 'farmer',
    language: 'fr',
    profile: {
      bio: 'Ananas pain de sucre à Allada, certifié bio pour l’export.',
      experience: 8,
      crops: ['Ananas'],
      region: 'Atlantique',
      country: 'Bénin',
      certifications: ['Agriculture biologique'],
      languages: ['Français', 'Fon'],
    },
  },
  {
    username: 'okafor.chinedu',
    role: 'farmer',
    language: 'en',
    email: 'chinedu.okafor@example.ng',
    profile: {
      bio: 'Yam and cassava in Enugu State; running a small garri mill with my brothers.',
      experience: 17,
      crops: ['Yam', 'Cassava', 'Maize'],
      region: 'Enugu',
      country: 'Nigeria',
      languages: ['English', 'Igbo'],
    },
  },
  {
    username: 'mensah.abena',
    role: 'farmer',
    language: 'en',
    phone: ['+233', '24 555 0192'],
    profile: {
      bio: 'Cocoa farmer in the Ashanti Region. Interested in fermentation quality and fair prices.',
      experience: 10,
      crops: ['Cocoa', 'Plantain'],
      region: 'Ashanti',
      country: 'Ghana',
      languages: ['English', 'Twi'],
    },
  },
  {
    username: 'njoya.ibrahim',
    role: 'farmer',
    language: 'fr',
    profile: {
      bio: 'Maïs et soja à Foumban, je fournis des provenderies pour la volaille.',
      experience: 5,
      crops: ['Maïs', 'Soja'],
      region: 'Ouest',
      country: 'Cameroun',
      languages: ['Français', 'Bamoun'],
    },
  },
];

const OTHERS: DemoPerson[] = [
  {
    username: 'essomba.brice',
    role: 'buyer',
    language: 'fr',
    email: 'achats@essomba-negoce.example.cm',
    phone: ['+237', '690 55 12 44'],
    showContact: true,
  },
  { username: 'atangana.sylvie', role: 'buyer', language: 'fr', email: 'sylvie.atangana@example.cm' },
  { username: 'eto.patrick', role: 'buyer', language: 'fr', phone: ['+237', '656 73 20 91'] },
  {
    username: 'fon.divine',
    role: 'buyer',
    language: 'en',
    email: 'divine.fon@example.cm',
    showContact: true,
  },
  {
    username: 'adebayo.tunde',
    role: 'buyer',
    language: 'en',
    email: 'tunde@lagos-grains.example.ng',
    phone: ['+234', '803 555 0147'],
  },
  { username: 'asante.kwame', role: 'buyer', language: 'en', phone: ['+233', '20 555 0133'] },
  {
    username: 'ndiaye.fatou',
    role: 'buyer',
    language: 'fr',
    email: 'fatou.ndiaye@example.sn',
    phone: ['+221', '76 901 44 21'],
    showContact: true,
  },
  { username: 'kamga.herve', role: 'buyer', language: 'fr' },
  {
    username: 'biya.estelle',
    role: 'agent',
    language: 'fr',
    email: 'estelle.biya@terroir.example',
    phone: ['+237', '670 12 98 33'],
    showContact: true,
  },
  { username: 'nfor.collins', role: 'agent', language: 'en', email: 'collins.nfor@terroir.example' },
  { username: 'traore.moussa', role: 'agent', language: 'fr', phone: ['+225', '07 58 22 41 90'] },
  {
    username: 'abessolo.serge',
    role: 'delivery',
    language: 'fr',
    phone: ['+237', '651 44 80 02'],
    showContact: true,
  },
  { username: 'ngwa.peter', role: 'delivery', language: 'en', phone: ['+237', '678 03 61 57'] },
  { username: 'sow.mamadou', role: 'delivery', language: 'fr' },
  {
    username: 'manga.therese',
    role: 'manager',
    language: 'fr',
    email: 'therese.manga@terroir.example',
    showContact: true,
  },
  { username: 'achu.lydia', role: 'manager', language: 'en', email: 'lydia.achu@terroir.example' },
];

export const DEMO_PEOPLE: DemoPerson[] = [...FARMERS, ...OTHERS];

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

/** Idempotent: existing accounts and profiles (maybe edited since) are left as they are. */
export async function seed(ctx: AppContext): Promise<void> {
  const users = await ensureDemoUsers(
    ctx,
    DEMO_PEOPLE.map((person) => ({
      username: person.username,
      role: person.role,
      language: person.language,
      email: person.email ?? null,
      countryCode: person.phone?.[0] ?? null,
      phoneNumber: person.phone?.[1] ?? null,
    })),
  );
  const rows = DEMO_PEOPLE.flatMap((person) => {
    const user = users.get(person.username);
    if (!user || (!person.profile && !person.showContact)) {
      return [];
    }
    const p = person.profile;
    return [
      {
        userId: user.id,
        showContact: person.showContact ?? false,
        ...(p
          ? {
              bio: p.bio,
              farmingExperience: p.experience,
              preferredCrops: p.crops,
              region: p.region,
              country: p.country,
              farmTypes: p.farmTypes ?? [],
              certifications: p.certifications ?? [],
              languagesSpoken: p.languages ?? [],
            }
          : {}),
      },
    ];
  });
  if (rows.length > 0) {
    await ctx.db.insert(profiles).values(rows).onConflictDoNothing({ target: profiles.userId });
  }
  await seedSearches(ctx);
}
