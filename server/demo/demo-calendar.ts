// Demo events, dated from the seed: the Mifi co-operative's collection day in four days at its Bafoussam store (some
// members answered, by app, SMS and USSD; the others may still reply 1 / 2 to their invitation), its general
// assembly ten days ago (minutes written, members checked in), fatou's public training on hermetic storage (linked to
// the lesson) in nine days, and claire's market day in Bafoussam in six days.
import { findUsersByUsernames } from '../auth/user-accounts';
import { type DemoEvent, demoGroup, demoLessonIds, recordDemoEvent } from '../calendar';
import type { AppContext } from '../context';
import { COOP, COOP_ADMIN, COOP_STORE_INPUT } from './coops-data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time `days` from the seed's day at `hour` UTC (negative: in the past). */
function dayAt(days: number, hour: number): Date {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  return new Date(start.getTime() + days * DAY_MS + hour * HOUR_MS);
}

const BAFOUSSAM = { latitude: 5.4781, longitude: 10.4176 };
const DSCHANG = { latitude: 5.4437, longitude: 10.0533 };

/** Who answered the collection day, and how. */
const COLLECTION_ANSWERS = [
  ['tchinda.pauline', 'yes', 'sms'],
  ['kenfack.martin', 'yes', 'app'],
  ['djoumessi.odile', 'yes', 'ussd'],
  ['tsafack.emmanuel', 'maybe', 'sms'],
  ['wamba.jacqueline', 'no', 'sms'],
  ['tanyi.comfort', 'yes', 'sms'],
] as const;

/** Who came to the assembly (checked in by celestin as they arrived). */
const ASSEMBLY_PRESENT = [
  'tchinda.pauline',
  'kenfack.martin',
  'djoumessi.odile',
  'simo.bernard',
  'talla.florence',
  'nkamgang.pierre',
  'fokou.celine',
];

const ASSEMBLY_MINUTES = [
  'Assemblée générale ordinaire de la coopérative.',
  '1. Bilan de la campagne : les livraisons et la vente groupée ont été présentées par le président.',
  '2. Crédit d’intrants : les membres ont demandé le même fonctionnement pour la prochaine campagne.',
  '3. Journée de collecte : fixée au magasin de Bafoussam ; apporter les sacs secs et étiquetés.',
  'Questions diverses : aucune.',
].join('\n');

type Ids = Map<string, { id: number }>;

function collectionDay(ids: Ids, admin: number, group: { id: number; members: number[] }): DemoEvent {
  return {
    event: {
      kind: 'collection_day',
      title: 'Journée de collecte du maïs',
      description: 'Pesée, contrôle de l’humidité et classement au magasin. Reçu remis à chaque livraison.',
      startsAt: dayAt(4, 7),
      endsAt: dayAt(4, 14),
      placeName: COOP_STORE_INPUT.name,
      ...BAFOUSSAM,
      groupId: group.id,
      organiserId: admin,
    },
    answers: COLLECTION_ANSWERS.flatMap(([username, answer, channel]) => {
      const user = ids.get(username);
      return user ? [{ userId: user.id, answer, channel }] : [];
    }),
    checkIns: [],
    invited: group.members.filter((id) => id !== admin),
  };
}

function assembly(ids: Ids, admin: number, groupId: number): DemoEvent {
  const present = ASSEMBLY_PRESENT.flatMap((username) => ids.get(username)?.id ?? []);
  const startsAt = dayAt(-10, 9);
  return {
    event: {
      kind: 'coop_meeting',
      title: 'Assemblée générale de la coopérative',
      description: 'Bilan de la campagne, crédit d’intrants, date de la prochaine collecte.',
      startsAt,
      endsAt: dayAt(-10, 12),
      placeName: 'Salle des fêtes de Bafoussam',
      ...BAFOUSSAM,
      groupId,
      organiserId: admin,
      minutes: ASSEMBLY_MINUTES,
      createdAt: new Date(startsAt.getTime() - 14 * DAY_MS),
    },
    answers: present.map((userId) => ({ userId, answer: 'yes' as const, channel: 'sms' as const })),
    checkIns: present.map((userId, i) => ({
      userId,
      at: new Date(startsAt.getTime() + i * 4 * 60_000),
      by: admin,
    })),
    invited: [],
  };
}

function training(agent: number, lessonIds: number[]): DemoEvent {
  return {
    event: {
      kind: 'training',
      title: 'Formation : stockage hermétique du maïs',
      description:
        'Sacs hermétiques, séchage avant stockage, contrôle des charançons. Apportez un échantillon.',
      startsAt: dayAt(9, 8),
      endsAt: dayAt(9, 11),
      placeName: 'Dschang, foyer communautaire',
      ...DSCHANG,
      organiserId: agent,
      capacity: 40,
      lessonIds,
    },
    answers: [],
    checkIns: [],
    invited: [],
  };
}

function marketDay(manager: number): DemoEvent {
  return {
    event: {
      kind: 'market_day',
      title: 'Jour de marché au marché A de Bafoussam',
      description: 'Acheteurs de maïs et de haricot présents ; venez avec vos lots classés.',
      startsAt: dayAt(6, 6),
      endsAt: dayAt(6, 13),
      placeName: 'Marché A, Bafoussam',
      ...BAFOUSSAM,
      organiserId: manager,
    },
    answers: [],
    checkIns: [],
    invited: [],
  };
}

/** Idempotent: an event already there (same title, same organiser) is left alone. */
export async function seed(ctx: AppContext): Promise<void> {
  const names = [COOP_ADMIN, 'fatou', 'claire', ...COLLECTION_ANSWERS.map(([u]) => u), ...ASSEMBLY_PRESENT];
  const ids = await findUsersByUsernames(ctx.db, names);
  const admin = ids.get(COOP_ADMIN)?.id;
  const agent = ids.get('fatou')?.id;
  const manager = ids.get('claire')?.id;
  await ctx.db.transaction(async (tx) => {
    const group = await demoGroup(tx, COOP.name);
    // The co-operatives demo not run: no co-operative's events.
    if (group && admin !== undefined) {
      await recordDemoEvent(tx, assembly(ids, admin, group.id));
      await recordDemoEvent(tx, collectionDay(ids, admin, group));
    }
    if (agent !== undefined) {
      await recordDemoEvent(tx, training(agent, await demoLessonIds(tx, ['hermetic-storage'])));
    }
    if (manager !== undefined) {
      await recordDemoEvent(tx, marketDay(manager));
    }
  });
}
