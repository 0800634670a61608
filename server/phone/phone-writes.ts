// What a phone writes on the marketplace (sell, bid, accept a bid), shared by the USSD menus and the SMS/WhatsApp
// commands: read from what was typed, checked, echoed for the PIN, and done through the same services, policies
// and permission matrix as the web.
import type { Language } from '../../contract/constants';
import { GRADES, type Grade, ZCommodityName, ZPriceCents, ZTonsKg } from '../../contract/marketplace';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { can } from '../http/permissions';
import {
  bidById,
  createListing,
  decideBid,
  listingById,
  pendingBidsReceived,
  placeBid,
} from '../marketplace';
import { orderIdOfTrade } from '../orders';
import { readerName } from './commodity-names';
import { type AgreementWrite, describeAgreementWrite, runAgreementWrite } from './phone-agreements';
import { type CropWrite, describeCropWrite, runCropWrite } from './phone-crops';
import { type DeliveryWrite, describeDelivery, runDelivery } from './phone-order-writes';
import { describePay, type PayWrite, runPay } from './phone-pay';
import { describeStockWrite, runStockWrite, type StockWrite } from './phone-stock';
import { money, refusalText, say, tons } from './phone-text';

/** A write asked for by phone, kept (as JSON) until the PIN confirms it. */
export type PhoneWrite =
  | {
      kind: 'sell';
      name: string;
      quantityKg: number;
      priceCents: number;
      grade: Grade;
      /** The farmer an agent sells for (absent: the user's own lot). */
      farmer?: { id: number; username: string } | null;
    }
  | { kind: 'bid'; listingId: number; priceCents: number; quantityKg: number | null }
  | { kind: 'accept'; bidId: number }
  | DeliveryWrite
  | PayWrite
  | CropWrite
  | StockWrite
  | AgreementWrite;

/** Text as typed on a phone, without control or format characters (which no name needs). */
export const withoutControls = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

type Checked<W extends PhoneWrite = PhoneWrite> = { write: W; error: null } | { write: null; error: string };
const invalid = (lang: Language, key: string) => ({ write: null, error: say(lang, key) }) as const;

/** A sale as typed, checked: what SELL and the USSD Sell menu confirm. */
export type SellWrite = Extract<PhoneWrite, { kind: 'sell' }>;

/** Tons as typed (a decimal comma allowed) → kg, by the contract's rule (> 0, what the column holds); or null. */
export function parseTons(text: string): number | null {
  const read = ZTonsKg.safeParse(text.trim().replace(',', '.'));
  return read.success ? read.data : null;
}

/** A price per ton as typed → cents, by the contract's rule; or null. */
export function parsePrice(text: string): number | null {
  const read = ZPriceCents.safeParse(text.trim().replace(',', '.'));
  return read.success ? read.data : null;
}

export function checkSell(
  lang: Language,
  input: { name: string; tons: string; price: string; grade: string | null },
): Checked<SellWrite> {
  const name = ZCommodityName.safeParse(withoutControls(input.name));
  if (!name.success) {
    return invalid(lang, 'invalid.name');
  }
  const quantityKg = parseTons(input.tons);
  if (quantityKg === null || quantityKg <= 0) {
    return invalid(lang, 'invalid.tons');
  }
  const priceCents = parsePrice(input.price);
  if (priceCents === null || priceCents <= 0) {
    return invalid(lang, 'invalid.price');
  }
  const grade = (input.grade ?? 'B').toUpperCase();
  if (!(GRADES as readonly string[]).includes(grade)) {
    return invalid(lang, 'invalid.grade');
  }
  return {
    write: { kind: 'sell', name: name.data, quantityKg, priceCents, grade: grade as Grade },
    error: null,
  };
}

export function checkBid(
  lang: Language,
  input: { listing: string; price: string; tons: string | null },
): Checked {
  const listingId = Number(input.listing);
  if (!Number.isSafeInteger(listingId) || listingId <= 0 || listingId > 2_147_483_647) {
    return invalid(lang, 'invalid.number');
  }
  const priceCents = parsePrice(input.price);
  if (priceCents === null || priceCents <= 0) {
    return invalid(lang, 'invalid.price');
  }
  const quantityKg = input.tons === null ? null : parseTons(input.tons);
  if (quantityKg !== null && quantityKg <= 0) {
    return invalid(lang, 'invalid.tons');
  }
  if (input.tons !== null && quantityKg === null) {
    return invalid(lang, 'invalid.tons');
  }
  return { write: { kind: 'bid', listingId, priceCents, quantityKg }, error: null };
}

export function checkAccept(lang: Language, bid: string): Checked {
  const bidId = Number(bid);
  return Number.isSafeInteger(bidId) && bidId > 0 && bidId <= 2_147_483_647
    ? { write: { kind: 'accept', bidId }, error: null }
    : invalid(lang, 'invalid.number');
}

/**
 * Whether the user lists their own lots by phone: the matrix's listers, but not an agent, who lists for a farmer
 * they represent (sellsForFarmers).
 */
export const sellsByPhone = (user: SessionUser) =>
  can(user.role, 'commodities.create') && user.role !== 'agent';

/** Whether the user lists for the farmers they represent (`SELL … FOR amina`, the USSD Sell menu's farmer). */
export const sellsForFarmers = (user: SessionUser) =>
  can(user.role, 'commodities.create') && user.role === 'agent';

/** Whether the user works on listings' bids (their own, an agent's farmers'). */
export const receivesBids = (user: SessionUser) => can(user.role, 'commodities.create');

/** Whether the permission matrix lets the user's role do this write at all (the services check the rest). */
export function mayWrite(user: SessionUser, write: PhoneWrite): boolean {
  switch (write.kind) {
    case 'sell':
      return write.farmer ? sellsForFarmers(user) : sellsByPhone(user);
    case 'bid':
      return can(user.role, 'bids.create');
    case 'accept':
      return user.role !== 'buyer';
    case 'pickup':
    case 'driver':
      // The seller's side: the orders' service checks the order's own seller or acting agent.
      return receivesBids(user);
    case 'pay':
      // The order's buyer (or a manager): the orders' service checks it on the order.
      return true;
    case 'taskDone':
    case 'harvest':
      // Whoever works on the farm: the crops service checks the farm (an agent's, their farmer's).
      return true;
    case 'loss':
      // Whoever keeps the lot's store: the stock service checks it on the lot.
      return true;
    case 'agreement':
      // The seller's side: the agreements' service checks the agreement's sides and whose turn it is.
      return true;
  }
}

/**
 * What the write will do, in a line the user confirms; or why it cannot be done (an unknown listing or bid,
 * or one the user has no say on), found before the PIN is asked.
 */
export async function describeWrite(
  ctx: AppContext,
  user: SessionUser,
  write: PhoneWrite,
): Promise<{ summary: string; refusal: null } | { summary: null; refusal: string }> {
  const lang = user.language;
  if (!mayWrite(user, write)) {
    return { summary: null, refusal: say(lang, 'notAllowed') };
  }
  switch (write.kind) {
    case 'sell': {
      const params = {
        tons: tons(lang, write.quantityKg),
        name: await readerName(ctx, lang, write.name),
        grade: write.grade,
        price: money(lang, write.priceCents),
      };
      return {
        summary: write.farmer
          ? say(lang, 'summary.sellFor', { ...params, farmer: write.farmer.username })
          : say(lang, 'summary.sell', params),
        refusal: null,
      };
    }
    case 'pickup':
    case 'driver':
      return describeDelivery(ctx, user, write);
    case 'pay':
      return describePay(ctx, user, write);
    case 'taskDone':
    case 'harvest':
      return describeCropWrite(ctx, user, write);
    case 'loss':
      return describeStockWrite(ctx, user, write);
    case 'agreement':
      return describeAgreementWrite(ctx, user, write);
    case 'bid': {
      const found = await listingById(ctx, write.listingId);
      if (found?.commodity.status !== 'available') {
        return { summary: null, refusal: translate(lang, 'marketplace.errors.commodityNotFound') };
      }
      const params = {
        price: money(lang, write.priceCents),
        name: await readerName(ctx, lang, found.commodity.name),
        id: write.listingId,
      };
      return {
        summary:
          write.quantityKg === null
            ? say(lang, 'summary.bidAll', params)
            : say(lang, 'summary.bid', { ...params, tons: tons(lang, write.quantityKg) }),
        refusal: null,
      };
    }
    case 'accept': {
      const found = await bidById(ctx, write.bidId);
      // Only the listing's side sees a bid received: to anyone else it does not exist.
      const received = found ? (await pendingBidsReceivedIds(ctx, user)).has(found.bid.id) : false;
      if (!found || !received) {
        return { summary: null, refusal: translate(lang, 'marketplace.errors.bidNotFound') };
      }
      return {
        summary: say(lang, 'summary.accept', {
          buyer: found.buyerUsername,
          id: found.bid.id,
          tons: tons(lang, found.bid.quantityKg ?? found.commodity.quantityKg),
          name: await readerName(ctx, lang, found.commodity.name),
          price: money(lang, found.bid.priceCents),
        }),
        refusal: null,
      };
    }
  }
}

async function pendingBidsReceivedIds(ctx: AppContext, user: SessionUser): Promise<Set<number>> {
  return new Set((await pendingBidsReceived(ctx, user, 200)).map((r) => r.bid.id));
}

/** Does the write through the marketplace's services; the answer (done, or why not) in the user's words. */
export async function runWrite(ctx: AppContext, user: SessionUser, write: PhoneWrite): Promise<string> {
  const lang = user.language;
  if (!mayWrite(user, write)) {
    return say(lang, 'notAllowed');
  }
  try {
    switch (write.kind) {
      case 'sell': {
        const { listing, ownerUsername } = await createListing(ctx, {
          user,
          name: write.name,
          quantityKg: write.quantityKg,
          priceCents: write.priceCents,
          grade: write.grade,
          onBehalfOf: write.farmer?.id,
        });
        const params = {
          tons: tons(lang, listing.quantityKg),
          name: await readerName(ctx, lang, listing.name),
          price: money(lang, listing.priceCents),
          id: listing.id,
        };
        return write.farmer
          ? say(lang, 'done.sellFor', { ...params, farmer: ownerUsername })
          : say(lang, 'done.sell', params);
      }
      case 'pickup':
      case 'driver':
        return await runDelivery(ctx, user, write);
      case 'pay':
        return await runPay(ctx, user, write);
      case 'taskDone':
      case 'harvest':
        return await runCropWrite(ctx, user, write);
      case 'loss':
        return await runStockWrite(ctx, user, write);
      case 'agreement':
        return await runAgreementWrite(ctx, user, write);
      case 'bid': {
        const bid = await placeBid(ctx, {
          user,
          commodityId: write.listingId,
          priceCents: write.priceCents,
          quantityKg: write.quantityKg ?? undefined,
        });
        const listing = await listingById(ctx, bid.commodityId);
        return say(lang, 'done.bid', {
          id: bid.id,
          price: money(lang, bid.priceCents),
          listing: bid.commodityId,
          name: await readerName(ctx, lang, listing?.commodity.name ?? ''),
        });
      }
      case 'accept': {
        const { bid, trade } = await decideBid(ctx, { user, id: write.bidId, status: 'accepted' });
        const found = await bidById(ctx, bid.id);
        const order = trade === null ? null : await orderIdOfTrade(ctx.db, trade.id);
        return say(lang, 'done.accept', {
          id: bid.id,
          order: order ?? '',
          tons: tons(lang, trade?.quantityKg ?? bid.quantityKg ?? 0),
          name: await readerName(ctx, lang, found?.commodity.name ?? ''),
        });
      }
    }
  } catch (error) {
    return refusalText(lang, error);
  }
}
