// What every USSD write shares: the session a request belongs to, the PIN screen, and the write done once per
// session and path (a request the network sends again gets the first one's answer).
import type { Language } from '../../contract/constants';
import { PIN_LENGTH } from '../../contract/phone';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { checkPin, pinState } from '../users';
import { say } from './phone-text';
import { describeWrite, type PhoneWrite, runWrite } from './phone-writes';
import { end, inputScreen, type Screen, type Step } from './ussd-screens';
import { claimUssdWrite, findUssdWrite, saveUssdWrite } from './ussd-writes.repo';

export interface UssdRequest {
  sessionId: string;
  /** E.164, as the network gave it. */
  phoneNumber: string;
  text: string;
}

/** What one request of a session asks for: the path replayed, its writes keyed by session and path. */
export interface Session {
  ctx: AppContext;
  request: UssdRequest;
  /** The key of a write made by this request's path. */
  writeKey: string;
}

const PIN_FORMAT = new RegExp(`^[0-9]{${PIN_LENGTH}}$`);

/** The PIN screen before a write: the write is done when the PIN just typed is right. */
export function pinScreen(session: Session, user: SessionUser, summary: string, write: PhoneWrite): Screen {
  const lang = user.language;
  return inputScreen(say(lang, 'ussd.pin', { summary }), async (input, last) => {
    // An answer that cannot be a PIN (empty: OK pressed with nothing typed; letters; too short) is not a try: the
    // screen is shown again and nothing is counted. Only a guess at a PIN costs one of the PIN_TRIES.
    if (!PIN_FORMAT.test(input)) {
      return { invalid: say(lang, 'ussd.pinFormat') };
    }
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
export async function once(session: Session, lang: Language, write: () => Promise<string>): Promise<string> {
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

/** The PIN screen of a write, after the services' own checks that can be made before it (or why not). */
export async function confirmScreen(session: Session, user: SessionUser, write: PhoneWrite): Promise<Step> {
  const described = await describeWrite(session.ctx, user, write);
  return described.refusal === null
    ? { screen: pinScreen(session, user, described.summary, write) }
    : { screen: end(described.refusal) };
}
