// Events by phone: a bare `1` / `2` (or YES / NO, OUI / NON) by SMS answers the user's last invitation (YES / OUI
// confirm a pending write first: that is what they have always meant); USSD Events lists the user's coming events
// and answers one (1 yes, 2 no, 3 maybe). No PIN: an answer moves no money and may be changed at any time.
import type { RsvpAnswer } from '../../contract/calendar';
import type { PhoneChannel } from '../../contract/notifications';
import { answerByPhone, eventWhen, openInvitationOf, type PhoneEvent, phoneEvents } from '../calendar';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { findPending } from './pending.repo';
import { say } from './phone-text';
import type { Session } from './ussd-confirm';
import { choiceScreen, end, type Screen, type Step } from './ussd-screens';

const REPLIES: Record<string, { answer: RsvpAnswer; word: boolean }> = {
  '1': { answer: 'yes', word: false },
  '2': { answer: 'no', word: false },
  YES: { answer: 'yes', word: true },
  OUI: { answer: 'yes', word: true },
  NO: { answer: 'no', word: true },
  NON: { answer: 'no', word: true },
};

/** The reply to an answer to the last invitation, or null when the message is not one (the commands take it). */
export async function invitationReply(
  ctx: AppContext,
  user: SessionUser,
  channel: PhoneChannel,
  text: string,
): Promise<string | null> {
  const reply =
    REPLIES[
      text
        .trim()
        .replace(/[.!]+$/, '')
        .toUpperCase()
    ];
  if (!reply) {
    return null;
  }
  // YES / OUI confirm a write waiting for its PIN before anything else.
  if (reply.word && (await findPending(ctx.db, user.id, channel)) !== null) {
    return null;
  }
  const invitation = await openInvitationOf(ctx, user);
  if (!invitation) {
    return null;
  }
  const lang = user.language;
  const done = await answerByPhone(ctx, user, invitation.id, reply.answer, 'sms');
  return done.ok
    ? say(lang, `events.answered.${reply.answer}`, { title: invitation.title })
    : say(lang, `events.${done.reason}`, { title: invitation.title });
}

// ---- USSD ----

/** Events, from the main menu: the coming events the user may answer, then one to answer. */
export async function eventsScreen(session: Session, user: SessionUser): Promise<Screen> {
  const lang = user.language;
  const events = await phoneEvents(session.ctx, user);
  if (events.length === 0) {
    return end(say(lang, 'ussd.events.none'));
  }
  return choiceScreen({
    lang,
    title: say(lang, 'ussd.events.title'),
    items: events,
    label: (e) => say(lang, 'ussd.events.line', { when: eventWhen(lang, e.startsAt), title: e.title }),
    pick: (e) => eventScreen(session, user, e),
  });
}

const ANSWERS: Record<string, RsvpAnswer> = { '1': 'yes', '2': 'no', '3': 'maybe' };

/** A title or place as the answer screen shows it: short enough that the choices below it stay on the screen. */
const SHOWN_CHARS = 40;
const clip = (text: string) => {
  const chars = Array.from(text);
  return chars.length <= SHOWN_CHARS
    ? text
    : `${chars
        .slice(0, SHOWN_CHARS - 3)
        .join('')
        .trimEnd()}...`;
};

function eventScreen(session: Session, user: SessionUser, event: PhoneEvent): Screen {
  const lang = user.language;
  return {
    end: false,
    text: say(lang, 'ussd.events.detail', {
      title: clip(event.title),
      when: eventWhen(lang, event.startsAt),
      place: clip(event.place),
      answer: say(lang, `ussd.events.answer.${event.myAnswer ?? 'none'}`),
    }),
    back: true,
    next: async (input, last): Promise<Step> => {
      const answer = ANSWERS[input];
      if (!answer) {
        return { invalid: say(lang, 'ussd.invalid') };
      }
      const params = { title: event.title, answer: say(lang, `ussd.events.answer.${answer}`) };
      if (!last) {
        return { screen: end(say(lang, 'ussd.events.done', params)) };
      }
      const done = await answerByPhone(session.ctx, user, event.id, answer, 'ussd');
      return {
        screen: end(
          done.ok ? say(lang, 'ussd.events.done', params) : say(lang, `events.${done.reason}`, params),
        ),
      };
    },
  };
}

/** Whether the main menu offers Events: to those with a coming event they may answer. */
export async function hasPhoneEvents(ctx: AppContext, user: SessionUser): Promise<boolean> {
  return (await phoneEvents(ctx, user, 1)).length > 0;
}
