// Demo stock, made through the stock and marketplace services as each person would from the app: amina's home store
// (her harvest's lots from the crops demo, last season's maize in two grades counted, deposited, listed, and a loss
// fatou records for her), the co-operative's store claire opens with esther as its keeper, and a warehouse.
import { ZTonsKg } from '../../contract/marketplace';
import { multiplyCents } from '../../contract/money';
import { ZLotInput, ZMovementInput, ZStoreInput } from '../../contract/stock';
import { isActiveAgentOf } from '../agents';
import { findUsersByUsernames } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { firstFarmIdOf } from '../farms/lookups';
import { addDays } from '../finance/periods';
import type { SessionUser } from '../http/access';
import { createListing } from '../marketplace/marketplace.service';
import { cropQuote } from '../stock';
import { createLot } from '../stock/lots.service';
import { recordMovement } from '../stock/movements.service';
import type { StoreRow } from '../stock/stock.repo';
import { todayUtc } from '../stock/stock-dates';
import { changeKeepers, createStore, listStores } from '../stock/stores.service';
import { demoPhoto } from './demo-photos';
import { MARKETS } from './market-data';
import { demoCents } from './money';
import { actor } from './orders-recent';
import {
  AMINA_COUNT,
  AMINA_DEPOSIT,
  AMINA_LISTING,
  AMINA_LOSS,
  AMINA_MAIZE_DRY,
  AMINA_MAIZE_WET,
  COOP_DEPOSITS,
  COOP_KEEPER,
  COOP_STORE,
  type DemoDeposit,
  type DemoLot,
  HOME_STORE,
  WAREHOUSE,
  WAREHOUSE_DEPOSITS,
} from './stock-data';

const PEOPLE = ['amina', 'fatou', 'claire', COOP_KEEPER, ...COOP_DEPOSITS, ...WAREHOUSE_DEPOSITS].map((p) =>
  typeof p === 'string' ? p : p.depositor,
);

/** Idempotent: once claire has opened a store, the stock demo (or someone's own stock) is there. */
export async function seed(ctx: AppContext): Promise<void> {
  const found = await findUsersByUsernames(ctx.db, PEOPLE);
  const person = (name: string) => {
    const user = found.get(name);
    return user ? actor(user) : null;
  };
  const [amina, claire, keeper, fatou] = [
    person('amina'),
    person('claire'),
    person(COOP_KEEPER),
    person('fatou'),
  ];
  if (!amina || !claire || !keeper) {
    return;
  }
  if ((await listStores(ctx, claire)).some((view) => view.store.ownerId === claire.id)) {
    return;
  }
  const today = todayUtc();
  const coop = await openSharedStore(ctx, claire, COOP_STORE, keeper);
  const warehouse = await openSharedStore(ctx, claire, WAREHOUSE, null);
  const agent = fatou && (await isActiveAgentOf(ctx.db, fatou.id, amina.id)) ? fatou : null;
  await seedAmina(ctx, { amina, agent, coop, today });
  await deposit(ctx, { keeper, store: coop, deposits: COOP_DEPOSITS, today, person });
  await deposit(ctx, { keeper: claire, store: warehouse, deposits: WAREHOUSE_DEPOSITS, today, person });
}

/** A co-operative's or a warehouse store, opened by an operator, with its keeper named. */
async function openSharedStore(
  ctx: AppContext,
  operator: SessionUser,
  store: { name: string; kind: 'coop' | 'warehouse'; location: string },
  keeper: SessionUser | null,
): Promise<StoreRow> {
  const view = await createStore(ctx, operator, ZStoreInput.parse(store));
  if (keeper) {
    await changeKeepers(ctx, operator, { storeId: view.store.id, userId: keeper.id, remove: false });
  }
  return view.store;
}

/** A lot's input as the app sends it: tons, the day it came in, its photos (generated, one colour each). */
function lotInput(storeId: number, lot: DemoLot, today: string, ownerId?: number) {
  return ZLotInput.parse({
    storeId,
    ownerId,
    crop: lot.crop,
    variety: lot.variety,
    grade: lot.grade,
    moisture: lot.moisture,
    quantity: lot.quantity,
    date: addDays(today, -lot.daysAgo),
    photos: lot.photos.map(([r, g, b]) => demoPhoto([r, g, b])),
  });
}

/** amina's home store: the one her harvest made (crops demo), else opened on her farm. */
async function homeStoreOf(ctx: AppContext, amina: SessionUser): Promise<StoreRow> {
  const views = await listStores(ctx, amina);
  const home = views.find((view) => view.store.kind === 'home' && view.store.ownerId === amina.id);
  if (home) {
    return home.store;
  }
  const farmId = (await firstFarmIdOf(ctx.db, amina.id)) ?? undefined;
  return (await createStore(ctx, amina, ZStoreInput.parse({ ...HOME_STORE, kind: 'home', farmId }))).store;
}

/**
 * Last season's maize as opening stock, dry (A) and wet (B); the dry lot counted, part deposited in the co-op's
 * store (a receipt) and part listed; weevils in the wet lot, recorded by fatou when she represents amina.
 */
async function seedAmina(
  ctx: AppContext,
  run: { amina: SessionUser; agent: SessionUser | null; coop: StoreRow; today: string },
): Promise<void> {
  const { amina, today } = run;
  const home = await homeStoreOf(ctx, amina);
  const dry = (await createLot(ctx, amina, lotInput(home.id, AMINA_MAIZE_DRY, today))).lot;
  const wet = (await createLot(ctx, amina, lotInput(home.id, AMINA_MAIZE_WET, today))).lot;
  const on = (daysAgo: number) => addDays(today, -daysAgo);
  await recordMovement(
    ctx,
    amina,
    dry.id,
    ZMovementInput.parse({ kind: 'count', ...AMINA_COUNT, date: on(AMINA_COUNT.daysAgo) }),
  );
  await recordMovement(
    ctx,
    amina,
    dry.id,
    ZMovementInput.parse({
      kind: 'transfer',
      quantity: AMINA_DEPOSIT.quantity,
      toStoreId: run.coop.id,
      date: on(AMINA_DEPOSIT.daysAgo),
    }),
  );
  await recordMovement(
    ctx,
    run.agent ?? amina,
    wet.id,
    ZMovementInput.parse({ kind: 'loss', ...AMINA_LOSS, date: on(AMINA_LOSS.daysAgo) }),
  );
  // Listed a little above today's market price (the demo market's own trades), drawing on the dry lot.
  const quote = await cropQuote.call(ctx, dry.crop, new Date());
  const start = MARKETS.find((market) => market.name === dry.crop)?.startCents ?? 0;
  const price = quote.priceCents ?? demoCents(start);
  await createListing(ctx, {
    user: amina,
    name: dry.crop,
    quantityKg: ZTonsKg.parse(AMINA_LISTING.quantity),
    priceCents: multiplyCents(price, 100 + AMINA_LISTING.abovePercent, 100),
    grade: AMINA_MAIZE_DRY.grade,
    farmId: home.farmId ?? undefined,
    lotId: dry.id,
  });
}

/** Deposits a keeper records for their depositors (each gets a receipt); a depositor who is missing is skipped. */
async function deposit(
  ctx: AppContext,
  run: {
    keeper: SessionUser;
    store: StoreRow;
    deposits: readonly DemoDeposit[];
    today: string;
    person: (name: string) => SessionUser | null;
  },
): Promise<void> {
  for (const item of run.deposits) {
    const depositor = run.person(item.depositor);
    if (depositor) {
      await createLot(ctx, run.keeper, lotInput(run.store.id, item, run.today, depositor.id));
    }
  }
}
