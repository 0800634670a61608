// The USSD Forward agreements menu of a seller: the agreements waiting for their answer, one's terms (buyer, crop,
// tons, price rule, window, deposit) with 1 Accept and 2 Decline, each confirmed with the PIN on the house's PIN
// screen (wrong PINs counted, locked after too many). A counter changes terms: the app only, as one line says.
import type { Language } from '../../contract/constants';
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { ELLIPSIS, fitsUssd, gsm7Spelling, longestFitting } from '../channels/sms-text';
import type { SessionUser } from '../http/access';
import { waitingAgreements } from './phone-agreements';
import { advanceText, agreementParams, termsText } from './phone-agreements-text';
import { say } from './phone-text';
import { confirmScreen, type Session } from './ussd-confirm';
import { choiceScreen, end, type Screen, type Step } from './ussd-screens';

export async function agreementsScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const waiting = await waitingAgreements(session.ctx, user);
  if (waiting.length === 0) {
    return end(say(lang, 'ussd.agreements.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.agreements.title'),
    items: waiting,
    label: (agreement) => say(lang, 'ussd.agreements.line', agreementParams(lang, agreement)),
    pick: (agreement) => agreementScreen(session, user, agreement),
  });
}

function agreementScreen(session: Session, user: SessionUser, agreement: TForwardAgreement): Screen {
  const lang = user.language;
  const answer = (decision: 'accept' | 'decline'): Promise<Step> =>
    confirmScreen(session, user, { kind: 'agreement', agreementId: agreement.id, decision });
  return {
    end: false,
    text: detailText(lang, agreement),
    back: true,
    next: async (input): Promise<Step> => {
      if (input === '1') {
        return answer('accept');
      }
      if (input === '2') {
        return answer('decline');
      }
      return { invalid: say(lang, 'ussd.invalid') };
    },
  };
}

/**
 * The terms above the choices, as much as fits one screen with a reason's room: the advance only when it fits,
 * the terms cut with '...' when even they do not (a long username), so that the choices always show.
 */
export function detailText(lang: Language, agreement: TForwardAgreement): string {
  const choices = [
    say(lang, 'ussd.agreements.accept'),
    say(lang, 'ussd.agreements.decline'),
    say(lang, 'ussd.agreements.counter'),
    say(lang, 'ussd.back'),
  ].join('\n');
  // Measured as walk sends it, with the one reason this screen may show above it ("Invalid choice."), and as
  // fitScreen sends it: in GSM-7 when every character has a spelling there.
  const reason = say(lang, 'ussd.invalid');
  const fits = (top: string) => {
    const text = `${reason}\n${top}\n${choices}`;
    return fitsUssd(gsm7Spelling(text) ?? text);
  };
  const terms = say(lang, 'ussd.agreements.detail', {
    ...agreementParams(lang, agreement),
    terms: termsText(lang, agreement),
  });
  const advance = advanceText(lang, agreement);
  if (advance !== null && fits(`${terms}\n${advance}`)) {
    return `${terms}\n${advance}\n${choices}`;
  }
  if (fits(terms)) {
    return `${terms}\n${choices}`;
  }
  const chars = Array.from(terms);
  const kept = longestFitting(chars, (start) => fits(start + ELLIPSIS));
  return `${chars.slice(0, kept).join('').trimEnd()}${ELLIPSIS}\n${choices}`;
}
