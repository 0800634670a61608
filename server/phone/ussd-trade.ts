// The USSD menus that trade: selling (commodity, tons, price, grade), bidding (market, listing, price, tons) and
// accepting a bid on one's listings, each ending on the PIN screen.
import { representedFarmers } from '../agents';
import type { SessionUser } from '../http/access';
import { listingsInMarket, marketModel, pendingBidsReceived } from '../marketplace';
import { marketOfName, sellMenuNames } from './commodity-names';
import { marketItems } from './phone-reads';
import { money, say, tons } from './phone-text';
import { checkSell, parsePrice, parseTons } from './phone-writes';
import { confirmScreen, type Session } from './ussd-confirm';
import { choiceScreen, end, inputScreen, type Screen } from './ussd-screens';

// ---- Sell: (an agent: the farmer,) commodity, tons, price, grade, PIN ----

/** The farmer an agent sells for, by name as the listing will show it. */
type Farmer = { id: number; username: string };

/** An agent's Sell starts with the farmer, among those they represent now. */
export async function sellForFarmer(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const farmers = await representedFarmers(session.ctx.db, user.id);
  if (farmers.length === 0) {
    return end(say(lang, 'ussd.sell.noFarmers'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.sell.farmer'),
    items: farmers,
    label: (farmer) => farmer.username,
    pick: (farmer) => sellCommodity(session, user, farmer),
  });
}

export async function sellCommodity(
  session: Session,
  user: SessionUser,
  farmer: Farmer | null = null,
): Promise<Screen> {
  const lang = user.language;
  const names = await sellMenuNames(session.ctx, lang);
  const typed = () =>
    inputScreen(say(lang, 'ussd.sell.typed'), (input) => {
      const { error } = checkSell(lang, { name: input, tons: '1', price: '1', grade: null });
      return error === null ? { screen: sellTons(session, user, input.trim(), farmer) } : { invalid: error };
    });
  if (names.length === 0) {
    return typed();
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.sell.commodity'),
    items: names,
    label: (name) => name,
    pick: (name) => sellTons(session, user, name, farmer),
    extra: { label: say(lang, 'ussd.other'), screen: typed },
  });
}

function sellTons(session: Session, user: SessionUser, name: string, farmer: Farmer | null): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.tons'), (input) => {
    const kg = parseTons(input);
    return kg === null || kg <= 0
      ? { invalid: say(lang, 'invalid.tons') }
      : { screen: sellPrice(session, user, { name, tons: input }, farmer) };
  });
}

function sellPrice(
  session: Session,
  user: SessionUser,
  sale: { name: string; tons: string },
  farmer: Farmer | null,
): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.price'), (input) => {
    const cents = parsePrice(input);
    return cents === null || cents <= 0
      ? { invalid: say(lang, 'invalid.price') }
      : { screen: sellGrade(session, user, { ...sale, price: input }, farmer) };
  });
}

function sellGrade(
  session: Session,
  user: SessionUser,
  sale: { name: string; tons: string; price: string },
  farmer: Farmer | null,
) {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.grade'), async (input) => {
    const grade = { '1': 'A', '2': 'B', '3': 'C' }[input] ?? null;
    if (grade === null) {
      return { invalid: say(lang, 'invalid.grade') };
    }
    const { write, error } = checkSell(lang, { ...sale, grade });
    return write ? confirmScreen(session, user, { ...write, farmer }) : { invalid: error };
  });
}

// ---- Bid (a buyer): market, listing, price, tons, PIN ----

export async function bidMarket(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const markets = (await marketItems(session.ctx, user)).filter((item) => item.availableQuantity > 0);
  if (markets.length === 0) {
    return end(say(lang, 'ussd.bid.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.bid.market'),
    items: markets,
    label: (item) => item.name,
    pick: (item) => bidListing(session, user, item.name),
  });
}

async function bidListing(session: Session, user: SessionUser, market: string): Promise<Screen> {
  const lang = user.language;
  const rows = await listingsInMarket(session.ctx, await marketOfName(session.ctx, market), 50);
  if (rows.length === 0) {
    return end(say(lang, 'ussd.bid.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.bid.listing', { name: market }),
    items: rows,
    label: (row) =>
      say(lang, 'ussd.bid.listingLine', {
        tons: tons(lang, row.commodity.quantityKg),
        grade: row.commodity.grade,
        price: money(lang, row.commodity.priceCents),
      }),
    pick: (row) => bidPrice(session, user, row.commodity),
  });
}

function bidPrice(
  session: Session,
  user: SessionUser,
  listing: { id: number; priceCents: number; quantityKg: number },
): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.bid.price', { price: money(lang, listing.priceCents) }), (input) => {
    const priceCents = parsePrice(input);
    return priceCents === null || priceCents <= 0
      ? { invalid: say(lang, 'invalid.price') }
      : { screen: bidTons(session, user, listing, priceCents) };
  });
}

function bidTons(
  session: Session,
  user: SessionUser,
  listing: { id: number; quantityKg: number },
  priceCents: number,
): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.bid.tons', { max: tons(lang, listing.quantityKg) }), (input) => {
    const quantityKg = parseTons(input);
    if (quantityKg === null || quantityKg <= 0 || quantityKg > listing.quantityKg) {
      return { invalid: say(lang, 'invalid.tons') };
    }
    return confirmScreen(session, user, { kind: 'bid', listingId: listing.id, priceCents, quantityKg });
  });
}

// ---- My listings and the bids on them (a seller): listing, bid, PIN ----

export async function listingsWithBids(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const [rows, catalogue] = await Promise.all([
    pendingBidsReceived(session.ctx, user, 200),
    marketModel.of(session.ctx).catalogue.get(),
  ]);
  if (rows.length === 0) {
    return end(say(lang, 'bids.none'));
  }
  // Best bid first within each listing (rows come best first).
  const byListing = new Map<number, typeof rows>();
  for (const row of rows) {
    byListing.set(row.commodity.id, [...(byListing.get(row.commodity.id) ?? []), row]);
  }
  const listings = [...byListing.values()];
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.listings.title'),
    items: listings,
    label: (bids) => {
      const best = bids[0] as (typeof rows)[number];
      return say(lang, 'ussd.listings.line', {
        name: catalogue.readerName(lang, best.commodity.name),
        tons: tons(lang, best.commodity.quantityKg),
        price: money(lang, best.bid.priceCents),
      });
    },
    pick: (bids) =>
      choiceScreen({
        lang,
        title: say(lang, 'ussd.listings.bids', {
          name: catalogue.readerName(lang, (bids[0] as (typeof rows)[number]).commodity.name),
        }),
        items: bids,
        label: (row) =>
          say(lang, 'ussd.listings.bidLine', {
            buyer: row.buyerUsername,
            price: money(lang, row.bid.priceCents),
            tons: tons(lang, row.bid.quantityKg ?? row.commodity.quantityKg),
          }),
        pick: async (row) => {
          const step = await confirmScreen(session, user, { kind: 'accept', bidId: row.bid.id });
          return 'screen' in step ? step.screen : end(step.invalid);
        },
      }),
  });
}
