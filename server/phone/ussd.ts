// The USSD menus (Africa's Talking): a session's answers so far come as one `*`-joined path, replayed from the
// first screen on every request, so a session needs no state of its own and survives a restart. Writes happen only
// on the answer just typed, with the PIN, once per session and path.
import { createHash } from 'node:crypto';
import { accountByPhone, changeLanguage } from '../auth';
import type { AppContext } from '../context';
import { type PhoneCoop, phoneCoops } from '../groups';
import type { SessionUser } from '../http/access';
import { translate } from '../http/i18n';
import { can } from '../http/permissions';
import { hasPhoneStock } from '../stock';
import { waitingCount } from './phone-agreements';
import { eventsScreen, hasPhoneEvents } from './phone-events';
import { learnScreen } from './phone-learn-ussd';
import { marketItems, myBidLines, nextStep, phoneActor, priceLine, recentOrders } from './phone-reads';
import { say, tonsText } from './phone-text';
import { receivesBids, sellsByPhone, sellsForFarmers } from './phone-writes';
import { agreementsScreen } from './ussd-agreements';
import type { Session, UssdRequest } from './ussd-confirm';
import { coopScreen } from './ussd-coop';
import { farmScreen } from './ussd-farm';
import { orderScreen } from './ussd-orders';
import { welcome } from './ussd-register';
import {
  choiceScreen,
  end,
  fitScreen,
  inputScreen,
  MAX_USSD_STEPS,
  MAX_USSD_TEXT,
  type Screen,
  type Step,
  walk,
} from './ussd-screens';
import { stockScreen } from './ussd-stock';
import { bidMarket, listingsWithBids, sellCommodity, sellForFarmer } from './ussd-trade';
import { findUssdWrite } from './ussd-writes.repo';

/** The answer to one USSD request: always `CON …` or `END …`. */
export async function answerUssd(ctx: AppContext, request: UssdRequest): Promise<string> {
  const answers = request.text === '' ? [] : request.text.split('*');
  const account = await accountByPhone(ctx.db, request.phoneNumber);
  const lang = account?.language ?? 'en';
  if (request.text.length > MAX_USSD_TEXT || answers.length > MAX_USSD_STEPS) {
    return `END ${fitScreen(say(lang, 'ussd.tooLong'))}`;
  }
  const session: Session = {
    ctx,
    request,
    writeKey: createHash('sha256').update(`${request.sessionId}\n${request.text}`).digest('base64url'),
  };
  // A request the network sends again after a write (or a registration) gets the answer the first one got.
  const done = await findUssdWrite(ctx.db, session.writeKey);
  if (done) {
    return `END ${fitScreen(done)}`;
  }
  if (!account) {
    return walk(welcome(session), answers);
  }
  const user = phoneActor(account);
  const offers = {
    stocks: await keepsStock(session, user),
    coops: await phoneCoops(ctx.db, user.id),
    agreements: await waitingCount(ctx, user),
    events: await hasPhoneEvents(ctx, user),
  };
  return walk(mainMenu(session, user, offers), answers);
}

/**
 * Whether the menu offers Stock: to those who farm (a farmer's harvests are stored, an agent's farmers' too), and to
 * anyone else with stock to show (a store's keeper, a depositor).
 */
async function keepsStock(session: Session, user: SessionUser): Promise<boolean> {
  return sellsByPhone(user) || sellsForFarmers(user) || hasPhoneStock(session.ctx, user);
}

// ---- The main menu of an account ----

/**
 * `stocks`: whether Stock is offered; `coops`: the co-operatives the user is a member of (Co-op only then);
 * `agreements`: the forward agreements waiting for the user's answer (Forward agreements only then).
 * `events`: whether the user has coming events to answer (Events only then).
 */
function mainMenu(
  session: Session,
  user: SessionUser,
  offers: { stocks: boolean; coops: readonly PhoneCoop[]; agreements: number; events: boolean },
): Screen {
  const { stocks, coops, agreements, events } = offers;
  const lang = user.language;
  const sells = sellsByPhone(user) || sellsForFarmers(user);
  const receives = receivesBids(user);
  const buys = can(user.role, 'bids.create');
  // Those who work farms: a farmer on theirs, an agent on the farms of those they represent.
  const farms = sells;
  const lines = [
    'Terroir',
    say(lang, 'ussd.menu.prices'),
    ...(sells ? [say(lang, 'ussd.menu.sell')] : buys ? [say(lang, 'ussd.menu.bid')] : []),
    ...(receives ? [say(lang, 'ussd.menu.listings')] : buys ? [say(lang, 'ussd.menu.myBids')] : []),
    say(lang, 'ussd.menu.orders'),
    say(lang, 'ussd.menu.language'),
    ...(farms ? [say(lang, 'ussd.menu.farm')] : []),
    ...(stocks ? [say(lang, 'ussd.menu.stock')] : []),
    ...(coops.length > 0 ? [say(lang, 'ussd.menu.coop')] : []),
    say(lang, 'ussd.menu.learn'),
    ...(events ? [say(lang, 'ussd.menu.events')] : []),
    ...(agreements > 0 ? [say(lang, 'ussd.menu.agreements')] : []),
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
            return {
              screen: sellsForFarmers(user)
                ? await sellForFarmer(session, user)
                : await sellCommodity(session, user),
            };
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
        case '6':
          if (farms) {
            return { screen: await farmScreen(session, user) };
          }
          break;
        case '7':
          if (stocks) {
            return { screen: await stockScreen(session, user) };
          }
          break;
        case '8':
          if (coops.length > 0) {
            return { screen: coopScreen(session, user, coops) };
          }
          break;
        case '9':
          // Lessons, for everyone (6 is Farm, 7 Stock, 8 Co-op: the menu's numbers stay put when one is hidden).
          return { screen: await learnScreen(session, user) };
        case '10':
          if (events) {
            return { screen: await eventsScreen(session, user) };
          }
          break;
        case '11':
          if (agreements > 0) {
            return { screen: await agreementsScreen(session, user) };
          }
          break;
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
      orderScreen(
        session,
        user,
        o,
        say(lang, 'ussd.orders.detail', {
          id: o.id,
          tons: tonsText(lang, o.quantity),
          name: o.commodity.name,
          status: status(o.status),
          next: nextStep(lang, o, user.id),
        }).trim(),
      ),
  });
}
