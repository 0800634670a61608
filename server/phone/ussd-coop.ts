// The USSD Co-op menu, for members of a co-operative: their deliveries, what they are owed and their payouts, each
// an END screen holding as many of the latest lines as fit a handset (the rest are in the app).

import { type PhoneCoop, phoneOwed, phonePayouts } from '../groups';
import type { SessionUser } from '../http/access';
import { intakeLines } from './phone-coop';
import { fitsOneScreen, owedLine, packLines, shareLine } from './phone-coop-text';
import { money, say } from './phone-text';
import type { Session } from './ussd-confirm';
import { choiceScreen, end, type Screen, type Step } from './ussd-screens';

/** Lines a Co-op screen looks at (fewer fit a screen): intakes, and shares. */
const USSD_INTAKES_MAX = 7;
const USSD_SHARES_MAX = 5;

/** The member's co-operatives: straight to its menu when there is one, else a choice of them. */
export function coopScreen(session: Session, user: SessionUser, coops: readonly PhoneCoop[]): Screen {
  const lang = user.language;
  const [only] = coops;
  if (coops.length === 1 && only) {
    return coopMenu(session, user, only);
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.coop.choose'),
    items: coops,
    label: (coop) => coop.name,
    pick: (coop) => coopMenu(session, user, coop),
  });
}

function coopMenu(session: Session, user: SessionUser, coop: PhoneCoop): Screen {
  const lang = user.language;
  return {
    end: false,
    text: [
      say(lang, 'ussd.coop.title', { group: coop.name }),
      say(lang, 'ussd.coop.deliveries'),
      say(lang, 'ussd.coop.owed'),
      say(lang, 'ussd.coop.payouts'),
      say(lang, 'ussd.back'),
    ].join('\n'),
    back: true,
    next: async (input): Promise<Step> => {
      switch (input) {
        case '1':
          return { screen: await deliveriesScreen(session, user, coop) };
        case '2':
          return { screen: await owedScreen(session, user, coop) };
        case '3':
          return { screen: await payoutsScreen(session, user, coop) };
      }
      return { invalid: say(lang, 'ussd.invalid') };
    },
  };
}

async function deliveriesScreen(session: Session, user: SessionUser, coop: PhoneCoop): Promise<Screen> {
  const lang = user.language;
  const { lines, more } = await intakeLines(session.ctx, user, coop, USSD_INTAKES_MAX);
  if (lines.length === 0) {
    return end(say(lang, 'coop.noIntakes', { group: coop.name }));
  }
  return endOf({
    head: [say(lang, 'coop.title', { group: coop.name })],
    items: lines,
    tail: [],
    more: say(lang, 'coop.more'),
    moreBeyond: more,
  });
}

/** Delivered awaiting settlement and what is due; input credit still owed; then the latest shares. */
async function owedScreen(session: Session, user: SessionUser, coop: PhoneCoop): Promise<Screen> {
  const lang = user.language;
  const owed = await phoneOwed(session.ctx, user, coop.id);
  const head = [
    say(lang, 'ussd.coop.title', { group: coop.name }),
    owedLine(lang, owed),
    ...(owed.creditOwed > 0 ? [say(lang, 'coop.credit', { amount: money(lang, owed.creditOwed) })] : []),
  ];
  const shares = owed.shares.slice(0, USSD_SHARES_MAX).map((s) => shareLine(lang, s, 'coop.share'));
  if (shares.length === 0) {
    return end(head.join('\n'));
  }
  return endOf({
    head,
    items: shares,
    tail: [],
    more: say(lang, 'coop.more'),
    moreBeyond: owed.shares.length > USSD_SHARES_MAX,
  });
}

async function payoutsScreen(session: Session, user: SessionUser, coop: PhoneCoop): Promise<Screen> {
  const lang = user.language;
  const payouts = await phonePayouts(session.ctx, user, coop.id, USSD_SHARES_MAX + 1);
  if (payouts.length === 0) {
    return end(say(lang, 'coop.noPayouts', { group: coop.name }));
  }
  return endOf({
    head: [say(lang, 'coop.payoutsTitle', { group: coop.name })],
    items: payouts.slice(0, USSD_SHARES_MAX).map((p) => shareLine(lang, p, 'coop.payout')),
    tail: [],
    more: say(lang, 'coop.more'),
    moreBeyond: payouts.length > USSD_SHARES_MAX,
  });
}

/** An END screen of the lines that fit one screen. */
const endOf = (lines: Omit<Parameters<typeof packLines>[0], 'fits'>) =>
  end(packLines({ ...lines, fits: fitsOneScreen }).join('\n'));
