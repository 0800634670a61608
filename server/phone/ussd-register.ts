// USSD registration of a farmer, for a number no account has proven: language, username, PIN twice.
import { ZUsername } from '../../contract/auth';
import type { Language } from '../../contract/constants';
import { findUserByUsername, registerByPhone } from '../auth';
import { translate } from '../http/i18n';
import { say } from './phone-text';
import { once, type Session } from './ussd-confirm';
import { end, inputScreen, type Screen } from './ussd-screens';

export function welcome(session: Session): Screen {
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
