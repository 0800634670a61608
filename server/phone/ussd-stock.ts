// The USSD Stock menu: the caller's lots with their free tons (as STOCK lists them), and a loss recorded on one with
// the PIN (the tons, then the reason, then the same checks and service as LOSS by SMS).
import type { Language } from '../../contract/constants';
import { LOSS_REASONS, type LossReason } from '../../contract/stock';
import type { SessionUser } from '../http/access';
import { marketModel } from '../marketplace';
import { type PhoneLot, phoneLot, phoneLots } from '../stock';
import { lossTons } from './phone-stock';
import { say, tons } from './phone-text';
import { confirmScreen, type Session } from './ussd-confirm';
import { choiceScreen, end, inputScreen, type Screen, type Step } from './ussd-screens';

/** Lots a USSD list pages through (the rest are in the app). */
const USSD_LOTS_MAX = 50;

const gradeOf = (lot: PhoneLot) => (lot.grade === null ? '' : ` ${lot.grade}`);

export async function stockScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const { lots } = await phoneLots(session.ctx, user, USSD_LOTS_MAX);
  if (lots.length === 0) {
    return end(say(lang, 'stock.none'));
  }
  const catalogue = await cropNames(session);
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.stock.title'),
    items: lots,
    label: (lot) =>
      say(lang, 'ussd.stock.line', {
        id: lot.id,
        crop: catalogue.readerName(lang, lot.crop),
        grade: gradeOf(lot),
        free: tons(lang, lot.freeKg),
        store: lot.store,
      }),
    pick: (lot) => lotScreen(session, user, lot),
  });
}

const cropNames = (session: Session) => marketModel.of(session.ctx).catalogue.get();

/** A reason as a menu shows it: its word, capitalised. */
function reasonLabel(lang: Language, reason: LossReason): string {
  const word = say(lang, `stock.reasons.${reason}`);
  return word.charAt(0).toLocaleUpperCase(lang) + word.slice(1);
}

/** One lot: what it holds and where; a loss may be recorded on it by whoever keeps its store, on what is free. */
async function lotScreen(session: Session, user: SessionUser, listed: PhoneLot): Promise<Screen> {
  const lang = user.language;
  const found = await phoneLot(session.ctx, user, listed.id);
  const lot = found?.lot ?? listed;
  const catalogue = await cropNames(session);
  const text = say(lang, 'ussd.stock.lot', {
    id: lot.id,
    crop: catalogue.readerName(lang, lot.crop),
    grade: gradeOf(lot),
    free: tons(lang, lot.freeKg),
    quantity: tons(lang, lot.quantityKg),
    store: lot.store,
  });
  if (!found?.keeps || lot.freeKg <= 0) {
    return end(text);
  }
  return {
    end: false,
    text: [text, say(lang, 'ussd.stock.loss'), say(lang, 'ussd.back')].join('\n'),
    back: true,
    next: async (input): Promise<Step> =>
      input === '1' ? { screen: tonsScreen(session, user, lot) } : { invalid: say(lang, 'ussd.invalid') },
  };
}

function tonsScreen(session: Session, user: SessionUser, lot: PhoneLot): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.stock.tons', { free: tons(lang, lot.freeKg) }), (input) => {
    const quantityKg = lossTons(input);
    return quantityKg === null
      ? { invalid: say(lang, 'stock.quantity') }
      : { screen: reasonScreen(session, user, lot, quantityKg) };
  });
}

function reasonScreen(session: Session, user: SessionUser, lot: PhoneLot, quantityKg: number): Screen {
  const lang: Language = user.language;
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.stock.reason'),
    items: LOSS_REASONS,
    label: (reason) => reasonLabel(lang, reason),
    pick: async (reason) => {
      const step = await confirmScreen(session, user, {
        kind: 'loss',
        lotId: lot.id,
        quantityKg,
        reason,
        note: null,
      });
      return 'screen' in step ? step.screen : end(step.invalid);
    },
  });
}
