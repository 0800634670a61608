// Demo co-operatives, made through the groups services as each person would from the app: celestin opens the maize
// co-operative of the Mifi with its store in Bafoussam, its members join (amina asks, moussa is invited, esther
// keeps the store), esther records a season of intakes (one reversed and entered again), the co-operative advances
// inputs, sells its grade B bulk lot to kofi and settles it (coops-sale.ts) while its grade C lot stays open; then
// the feeds (coops-feed.ts).
import { eq } from 'drizzle-orm';
import { ZCreditInput, ZGroupInput, ZIntakeInput } from '../../contract/groups';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { addDays } from '../finance/periods';
import { giveCredit } from '../groups/coop-books';
import { coopFor } from '../groups/group-access';
import { activeMemberIds } from '../groups/groups.repo';
import { groupMembers, groups } from '../groups/groups.schema';
import { addMember, createGroup, decideMember } from '../groups/groups.service';
import { recordIntake, reverseIntake } from '../groups/intakes.service';
import { openCoopStore } from '../stock';
import { todayUtc } from '../stock/stock-dates';
import { accountOf, ensureDemoUsers } from './accounts';
import {
  ASKS_TO_JOIN,
  BAG_KG,
  COOP,
  COOP_ADMIN,
  COOP_PEOPLE,
  COOP_STORE_INPUT,
  COOP_STORE_KEEPER,
  CREDITS,
  type DemoIntake,
  FOUNDED_DAYS_AGO,
  FOUNDING_MEMBERS,
  INVITED,
  PENDING_REQUEST,
  SEASON,
  SOLD_GRADE,
  WRONG_INTAKE,
  YOUTH_GROUP,
} from './coops-data';
import { backdateMembers, writeCoopFeed, writeYouthGroup } from './coops-feed';
import type { Cast, CoopRun } from './coops-run';
import { sellAndSettle } from './coops-sale';
import { demoCentsOfFcfa } from './money';
import { actor } from './orders-recent';

const OTHERS = [
  ASKS_TO_JOIN,
  INVITED,
  PENDING_REQUEST,
  COOP_STORE_KEEPER,
  'kofi',
  'yaw',
  ...YOUTH_GROUP.joiners,
];

/** Idempotent: once the co-operative exists (by its name), its demo (or what users made of it since) is there. */
export async function seed(ctx: AppContext): Promise<void> {
  const cast = await castOf(ctx);
  if (!cast || (await coopExists(ctx))) {
    return;
  }
  const today = todayUtc();
  const run = await openCoop(ctx, cast, today);
  await join(run);
  const sold = await recordSeason(run);
  await giveCredits(run);
  await sellAndSettle(run, sold);
  await backdateMembers(run);
  await writeCoopFeed(run);
  await writeYouthGroup(ctx, cast);
}

async function coopExists(ctx: AppContext): Promise<boolean> {
  const found = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.name, COOP.name))
    .limit(1);
  return found.length > 0;
}

/** The co-operative's people (made when missing) and the demo's others; null when one of the others is missing. */
async function castOf(ctx: AppContext): Promise<Cast | null> {
  const made = await ensureDemoUsers(ctx, COOP_PEOPLE.map(accountOf));
  const found = await findUsersByUsernames(ctx.db, OTHERS);
  if (OTHERS.some((name) => !found.has(name))) {
    return null;
  }
  const all = new Map([...made, ...found]);
  return (username) => {
    const user = all.get(username);
    if (!user) {
      throw new Error(`demo user ${username} is missing`);
    }
    return { ...actor(user), language: user.language };
  };
}

/** celestin opens the co-operative with its rules (in CFA francs at the demo rate) and its store. */
async function openCoop(ctx: AppContext, cast: Cast, today: string): Promise<CoopRun> {
  const admin = cast(COOP_ADMIN);
  const view = await createGroup(
    ctx,
    admin,
    ZGroupInput.parse({
      name: COOP.name,
      kind: 'cooperative',
      description: COOP.description,
      region: COOP.region,
      crops: COOP.crops,
      levyPercent: COOP.levyPercent,
      transportPerTon: demoCentsOfFcfa(COOP.transportFcfaPerTon),
      gradeDifferentials: {
        A: demoCentsOfFcfa(COOP.differentialsFcfa.A),
        C: demoCentsOfFcfa(COOP.differentialsFcfa.C),
      },
    }),
  );
  const groupId = view.group.id;
  // As POST /api/groups/:id/stores does: the store belongs to the co-operative's party, its admins keep it.
  const store = await ctx.db.transaction(async (tx) => {
    const coop = await coopFor(tx, admin, groupId, 'manage');
    return openCoopStore(tx, ctx.bus, {
      name: COOP_STORE_INPUT.name,
      location: COOP_STORE_INPUT.location,
      ownerId: coop.accountId,
      keeperIds: await activeMemberIds(tx, groupId, ['admin', 'store_keeper']),
      by: admin.id,
    });
  });
  const accountId = view.group.accountUserId;
  if (accountId === null) {
    throw new Error('a co-operative without its party');
  }
  return { ctx, groupId, accountId, storeId: store.id, cast, today };
}

/**
 * The members who were in the co-operative before it came to the app (their rows as they stood: a plain member's
 * role gives nothing to apply), then those who join through it: esther invited as the store's keeper, amina asking,
 * moussa invited, jean's request still waiting for the admin.
 */
async function join(run: CoopRun): Promise<void> {
  const { ctx, groupId, cast } = run;
  const admin = cast(COOP_ADMIN);
  const joinedAt = new Date(`${addDays(run.today, -FOUNDED_DAYS_AGO)}T09:00:00Z`);
  await ctx.db.insert(groupMembers).values(
    FOUNDING_MEMBERS.map((username) => ({
      groupId,
      userId: cast(username).id,
      role: 'member' as const,
      status: 'active' as const,
      invitedBy: admin.id,
      joinedAt,
    })),
  );
  const keeper = cast(COOP_STORE_KEEPER);
  await addMember(ctx, admin, groupId, { userId: keeper.id, role: 'store_keeper' });
  await decideMember(ctx, keeper, groupId, keeper.id, true);
  const asker = cast(ASKS_TO_JOIN);
  await addMember(ctx, asker, groupId, {});
  await decideMember(ctx, admin, groupId, asker.id, true);
  const invited = cast(INVITED);
  await addMember(ctx, admin, groupId, { userId: invited.id });
  await decideMember(ctx, invited, groupId, invited.id, true);
  await addMember(ctx, cast(PENDING_REQUEST), groupId, {});
}

/** One intake at the store, recorded by its keeper as the app sends it (tons, bags of 50 kg): its lot and id. */
async function intakeOf(run: CoopRun, [member, grade, kg, moisture, daysAgo]: DemoIntake) {
  const intake = await recordIntake(
    run.ctx,
    run.cast(COOP_STORE_KEEPER),
    run.groupId,
    ZIntakeInput.parse({
      memberId: run.cast(member).id,
      crop: 'Maize',
      grade,
      moisture,
      quantity: kg / 1000,
      bags: Math.round(kg / BAG_KG),
      storeId: run.storeId,
      date: addDays(run.today, -daysAgo),
    }),
  );
  return { lotId: intake.lotId, id: intake.id };
}

/** The season's intakes (one weighed wrong is reversed and entered again): the lot of the grade that is sold. */
async function recordSeason(run: CoopRun): Promise<number> {
  let sold: number | null = null;
  for (const [index, row] of SEASON.entries()) {
    const recorded = await intakeOf(run, row);
    if (row[1] === SOLD_GRADE) {
      sold = recorded.lotId;
    }
    if (index === WRONG_INTAKE.index) {
      await reverseIntake(
        run.ctx,
        run.cast(COOP_STORE_KEEPER),
        run.groupId,
        recorded.id,
        WRONG_INTAKE.reason,
      );
      const [member, grade, , moisture, daysAgo] = row;
      await intakeOf(run, [member, grade, WRONG_INTAKE.rightKg, moisture, daysAgo]);
    }
  }
  if (sold === null) {
    throw new Error('no intake of the grade the demo sells');
  }
  return sold;
}

/** Inputs the co-operative advanced at planting, to be repaid from the members' shares. */
async function giveCredits(run: CoopRun): Promise<void> {
  for (const [member, fcfa, note, daysAgo] of CREDITS) {
    await giveCredit(
      run.ctx,
      run.cast(COOP_ADMIN),
      run.groupId,
      ZCreditInput.parse({
        memberId: run.cast(member).id,
        amount: demoCentsOfFcfa(fcfa),
        note,
        date: addDays(run.today, -daysAgo),
      }),
    );
  }
}
