// The USSD menus (Africa's Talking): a session's answers so far come as one `*`-joined path, replayed from the
// first screen on every request, so a session needs no state of its own and survives a restart. Writes happen only
// on the answer just typed, with the PIN, once per session and path.
import { createHash } from 'node:crypto';
import { ZUsername } from '../../contract/auth';
import type { Language } from '../../contract/constants';
import { changeLanguage, registerByPhone } from '../auth/auth.service';
import type { SessionUser } from '../auth/sessions';
import { findUserByUsername } from '../auth/user-accounts';
import type { AppContext } from '../context';
import { translate } from '../http/i18n';
import { can } from '../http/permissions';
import { marketKey } from '../marketplace/market-core';
import { listingsInMarket, pendingBidsReceived } from '../marketplace/marketplace.service';
import { accountByPhone } from '../users/phone-verification';
import { checkPin, pinState } from '../users/pin';
import {
  checkSell,
  describeWrite,
  marketItems,
  myBidLines,
  nextStep,
  type PhoneWrite,
  parsePrice,
  parseTons,
  phoneActor,
  priceLine,
  receivesBids,
  recentOrders,
  runWrite,
  sellsByPhone,
} from './phone-actions';
import { money, say, tons } from './phone-text';
import {
  choiceScreen,
  end,
  inputScreen,
  MAX_USSD_STEPS,
  MAX_USSD_TEXT,
  type Screen,
  type Step,
  walk,
} from './ussd-screens';
import { claimUssdWrite, findUssdWrite, saveUssdWrite } from './ussd-writes.repo';

export interface UssdRequest {
  sessionId: string;
  /** E.164, as the network gave it. */
  phoneNumber: string;
  text: string;
}

/** What one request of a session asks for: the path replayed, its writes keyed by session and path. */
interface Session {
  ctx: AppContext;
  request: UssdRequest;
  /** The key of a write made by this request's path. */
  writeKey: string;
}

/** The answer to one USSD request: always `CON …` or `END …`. */
export async function answerUssd(ctx: AppContext, request: UssdRequest): Promise<string> {
  const answers = request.text === '' ? [] : request.text.split('*');
  const account = await accountByPhone(ctx.db, request.phoneNumber);
  const lang = account?.language ?? 'en';
  if (request.text.length > MAX_USSD_TEXT || answers.length > MAX_USSD_STEPS) {
    return `END ${say(lang, 'ussd.tooLong')}`;
  }
  const session: Session = {
    ctx,
    request,
    writeKey: createHash('sha256').update(`${request.sessionId}\n${request.text}`).digest('base64url'),
  };
  // A request the network sends again after a write (or a registration) gets the answer the first one got.
  const done = await findUssdWrite(ctx.db, session.writeKey);
  if (done) {
    return `END ${done}`;
  }
  const root = account ? mainMenu(session, phoneActor(account)) : welcome(session);
  return walk(root, answers);
}

// ---- Writes: once per session and path, with the PIN ----

/** The PIN screen before a write: the write is done when the PIN just typed is right. */
function pinScreen(session: Session, user: SessionUser, summary: string, write: PhoneWrite): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.pin', { summary }), async (input, last) => {
    if (!last) {
      // A PIN typed earlier in this session that did not end it was refused: say so again.
      const { locked, triesLeft } = await pinState(session.ctx.db, user.id);
      return locked
        ? { screen: end(say(lang, 'pin.locked')) }
        : { invalid: say(lang, 'pin.wrong', { left: triesLeft }) };
    }
    const checked = await checkPin(session.ctx.db, user.id, input);
    if (!checked.ok) {
      return checked.reason === 'wrong'
        ? { invalid: say(lang, 'pin.wrong', { left: checked.left }) }
        : { screen: end(say(lang, `pin.${checked.reason}`)) };
    }
    return { screen: end(await once(session, lang, () => runWrite(session.ctx, user, write))) };
  });
}

/** Runs the write of this path once; a request sent again gets the first one's answer. */
async function once(session: Session, lang: Language, write: () => Promise<string>): Promise<string> {
  const { db } = session.ctx;
  if (!(await claimUssdWrite(db, session.writeKey))) {
    return (await findUssdWrite(db, session.writeKey)) || say(lang, 'ussd.error');
  }
  let answer = say(lang, 'ussd.error');
  try {
    answer = await write();
  } finally {
    await saveUssdWrite(db, session.writeKey, answer);
  }
  return answer;
}

// ---- The main menu of an account ----

function mainMenu(session: Session, user: SessionUser): Screen {
  const lang = user.language;
  const sells = sellsByPhone(user);
  const receives = receivesBids(user);
  const buys = can(user.role, 'bids.create');
  const lines = [
    'Terroir',
    say(lang, 'ussd.menu.prices'),
    ...(sells ? [say(lang, 'ussd.menu.sell')] : buys ? [say(lang, 'ussd.menu.bid')] : []),
    ...(receives ? [say(lang, 'ussd.menu.listings')] : buys ? [say(lang, 'ussd.menu.myBids')] : []),
    say(lang, 'ussd.menu.orders'),
    say(lang, 'ussd.menu.language'),
    say(lang, 'ussd.menu.help'),
  ];
  return {
    end: false,
    text: lines.join('\n'),
    next: async (input): Promise<Step> => {
      switch (input) {
        case '1':
          return { screen: await pricesScreen(session, user) };
        case '2':
          if (sells) {
            return { screen: await sellCommodity(session, user) };
          }
          if (buys) {
            return { screen: await bidMarket(session, user) };
          }
          break;
        case '3':
          if (receives) {
            return { screen: await listingsWithBids(session, user) };
          }
          if (buys) {
            return { screen: end((await myBidLines(session.ctx, user)).join('\n')) };
          }
          break;
        case '4':
          return { screen: await ordersScreen(session, user) };
        case '5':
          return { screen: languageScreen(session, user) };
        case '0':
          return { screen: end(say(lang, 'ussd.help')) };
      }
      return { invalid: say(lang, 'ussd.invalid') };
    },
  };
}

async function pricesScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const items = (await marketItems(session.ctx, user)).filter(
    (i) => i.currentPrice !== null || i.availableQuantity > 0,
  );
  if (items.length === 0) {
    return end(say(lang, 'prices.none'));
  }
  // A list to read, not to choose from: a market's number shows its price and the best bid.
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.prices'),
    items,
    label: (item) => priceLine(lang, item),
    pick: (item) => end(priceLine(lang, item)),
  });
}

function languageScreen(session: Session, user: SessionUser): Screen {
  return inputScreen(say(user.language, 'ussd.language'), async (input, last) => {
    const language = input === '1' ? 'en' : input === '2' ? 'fr' : null;
    if (language === null) {
      return { invalid: say(user.language, 'ussd.invalid') };
    }
    if (last) {
      await changeLanguage(session.ctx, { userId: user.id, language });
    }
    return { screen: end(say(language, 'ussd.languageSet')) };
  });
}

// ---- Sell: commodity, tons, price, grade, PIN ----

async function sellCommodity(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const names = (await marketItems(session.ctx, user)).map((item) => item.name);
  const typed = () =>
    inputScreen(say(lang, 'ussd.sell.typed'), (input) => {
      const { error } = checkSell(lang, { name: input, tons: '1', price: '1', grade: null });
      return error === null ? { screen: sellTons(session, user, input.trim()) } : { invalid: error };
    });
  if (names.length === 0) {
    return typed();
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.sell.commodity'),
    items: names,
    label: (name) => name,
    pick: (name) => sellTons(session, user, name),
    extra: { label: say(lang, 'ussd.other'), screen: typed },
  });
}

function sellTons(session: Session, user: SessionUser, name: string): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.tons'), (input) => {
    const kg = parseTons(input);
    return kg === null || kg <= 0
      ? { invalid: say(lang, 'invalid.tons') }
      : { screen: sellPrice(session, user, name, input) };
  });
}

function sellPrice(session: Session, user: SessionUser, name: string, tonsText: string): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.price'), (input) => {
    const cents = parsePrice(input);
    return cents === null || cents <= 0
      ? { invalid: say(lang, 'invalid.price') }
      : { screen: sellGrade(session, user, { name, tons: tonsText, price: input }) };
  });
}

function sellGrade(session: Session, user: SessionUser, sale: { name: string; tons: string; price: string }) {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.sell.grade'), async (input) => {
    const grade = { '1': 'A', '2': 'B', '3': 'C' }[input] ?? null;
    if (grade === null) {
      return { invalid: say(lang, 'invalid.grade') };
    }
    const { write, error } = checkSell(lang, { ...sale, grade });
    return write ? confirmScreen(session, user, write) : { invalid: error };
  });
}

/** The PIN screen of a write, after the services' own checks that can be made before it (or why not). */
async function confirmScreen(session: Session, user: SessionUser, write: PhoneWrite): Promise<Step> {
  const described = await describeWrite(session.ctx, user, write);
  return described.refusal === null
    ? { screen: pinScreen(session, user, described.summary, write) }
    : { screen: end(described.refusal) };
}

// ---- Bid (a buyer): market, listing, price, tons, PIN ----

async function bidMarket(session: Session, user: SessionUser): Promise<Screen> {
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
  const rows = await listingsInMarket(session.ctx, marketKey(market), 50);
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

async function listingsWithBids(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const rows = await pendingBidsReceived(session.ctx, user, 200);
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
        name: best.commodity.name,
        tons: tons(lang, best.commodity.quantityKg),
        price: money(lang, best.bid.priceCents),
      });
    },
    pick: (bids) =>
      choiceScreen({
        lang,
        title: say(lang, 'ussd.listings.bids', { name: (bids[0] as (typeof rows)[number]).commodity.name }),
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

// ---- Orders: the latest, each with what comes next ----

async function ordersScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const orders = await recentOrders(session.ctx, user, 20);
  if (orders.length === 0) {
    return end(say(lang, 'orders.none'));
  }
  const status = (s: string) => translate(lang, `orders.status.${s}`);
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.orders.title'),
    items: orders,
    label: (o) =>
      say(lang, 'ussd.orders.line', { id: o.id, name: o.commodity.name, status: status(o.status) }),
    pick: (o) =>
      end(
        say(lang, 'ussd.orders.detail', {
          id: o.id,
          tons: tons(lang, o.quantity),
          name: o.commodity.name,
          status: status(o.status),
          next: nextStep(lang, o, user.id),
        }).trim(),
      ),
  });
}

// ---- Registration of a farmer, for a number no account has proven ----

function welcome(session: Session): Screen {
  // Before the user chose a language: each offered in its own.
  const text = `Terroir\n1 ${say('en', 'ussd.languageName')}\n2 ${say('fr', 'ussd.languageName')}`;
  return inputScreen(text, (input) => {
    const lang: Language | null = input === '1' ? 'en' : input === '2' ? 'fr' : null;
    return lang === null
      ? { invalid: `${say('en', 'ussd.invalid')} / ${say('fr', 'ussd.invalid')}` }
      : { screen: registerStart(session, lang) };
  });
}

function registerStart(session: Session, lang: Language): Screen {
  return {
    end: false,
    text: say(lang, 'ussd.register.start'),
    back: false,
    next: async (input) => {
      if (input === '1') {
        return { screen: registerName(session, lang) };
      }
      if (input === '0') {
        return { screen: end(say(lang, 'ussd.help')) };
      }
      return { invalid: say(lang, 'ussd.invalid') };
    },
  };
}

function registerName(session: Session, lang: Language): Screen {
  return inputScreen(say(lang, 'ussd.register.username'), async (input) => {
    const name = ZUsername.safeParse(input);
    if (!name.success) {
      return { invalid: translate(lang, name.error.issues[0]?.message ?? 'validation.usernameChars') };
    }
    if (await findUserByUsername(session.ctx.db, name.data)) {
      return { invalid: say(lang, 'ussd.register.taken') };
    }
    return { screen: registerPin(session, lang, name.data) };
  });
}

function registerPin(session: Session, lang: Language, username: string): Screen {
  return inputScreen(say(lang, 'ussd.register.pin'), (pin) =>
    /^[0-9]{4}$/.test(pin)
      ? { screen: registerPinAgain(session, lang, username, pin) }
      : { invalid: translate(lang, 'settings.validation.pin') },
  );
}

function registerPinAgain(session: Session, lang: Language, username: string, pin: string): Screen {
  return inputScreen(say(lang, 'ussd.register.pinAgain'), async (again) => {
    if (again !== pin) {
      return { invalid: say(lang, 'ussd.register.mismatch') };
    }
    const answer = await once(session, lang, async () => {
      const created = await registerByPhone(session.ctx, {
        username,
        pin,
        language: lang,
        phone: session.request.phoneNumber,
      });
      return created
        ? say(lang, 'ussd.register.done', { name: created.username })
        : say(lang, 'ussd.register.taken');
    });
    return { screen: end(answer) };
  });
}
