// SMS and WhatsApp commands in English and French, read from a message's text: case and accents ignored in the
// command words (names kept as written), a decimal comma accepted, one pass over a bounded text.
import { type AgreementCommand, agreementCommand } from './agreement-command';

/** Characters of a message read as a command; the rest is ignored (a command is a few words). */
export const MAX_COMMAND_TEXT = 300;

export type Command =
  | { kind: 'help' }
  | { kind: 'prices'; commodity: string | null }
  /** `farmer`: the username an agent sells for (`… FOR amina`, fr `… POUR amina`); null for one's own lot. */
  | {
      kind: 'sell';
      commodity: string;
      tons: string;
      price: string;
      grade: string | null;
      farmer: string | null;
    }
  | { kind: 'bid'; listing: string; price: string; tons: string | null }
  | { kind: 'bids' }
  | { kind: 'accept'; bid: string }
  | { kind: 'orders' }
  /** The buyer's contact on an order (its seller's side only). */
  | { kind: 'contact'; order: string }
  /** The seller's side arranges an order's delivery: the buyer collects it, or a driver (by username). */
  | { kind: 'pickup'; order: string }
  | { kind: 'driver'; order: string; driver: string }
  /** The buyer pays what an order has due by MTN MoMo; the PIN may come with it (PAY 7 1234) or after (YES 1234). */
  | { kind: 'pay'; order: string; pin: string | null }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'confirm'; pin: string | null }
  | { kind: 'cancel' }
  /** ALERT: list one's price alerts; ALERT maize 300: set one; ALERT maize OFF: remove those on maize. */
  | { kind: 'alert'; commodity: string | null; price: string | null; off: boolean }
  /** This week's open crop tasks, numbered (TASKS, fr TACHES). */
  | { kind: 'tasks' }
  /** Ticks task number `task` of the TASKS list (DONE 3, fr FAIT 3). */
  | { kind: 'done'; task: string }
  /** A harvest on a plan, all stored: HARVEST 12 20 bag100 (fr RECOLTE 12 20 sac100); `unit` as typed. */
  | { kind: 'harvest'; plan: string; quantity: string; unit: string }
  /** The caller's lots and their free quantities (STOCK, in both languages). */
  | { kind: 'stock' }
  /** A loss on a lot: LOSS 7 0.2 pests (fr PERTE 7 0,2 ravageurs); `reason` as typed, any words after it a note. */
  | { kind: 'loss'; lot: string; tons: string; reason: string; note: string | null }
  /** A deposit receipt checked by its code (RECEIPT <code>, fr RECU), by anyone, even a number with no account. */
  | { kind: 'receipt'; code: string }
  /** A co-operative member's latest intakes and what they are owed (COOP, in both languages). */
  | { kind: 'coop' }
  /** A co-operative member's last payouts (PAID, fr PAYE / PAYÉ). */
  | { kind: 'paid' }
  /** The farm's next days and its most urgent alert (WEATHER, fr METEO / MÉTÉO); `farm`: a farm's name as typed. */
  | { kind: 'weather'; farm: string | null }
  /** Lessons (LEARN, fr APPRENDRE): of a crop or on words as typed (`about`), or lesson number `lesson`'s steps. */
  | { kind: 'learn'; lesson: string | null; about: string | null }
  /** A forward agreement answered by its seller: ACCEPT 5 1234 (fr ACCEPTER), DECLINE 5 (fr REFUSER). */
  | AgreementCommand
  /** A command word with arguments that do not fit it: its usage is the answer. */
  | {
      kind: 'usage';
      of:
        | 'sell'
        | 'bid'
        | 'accept'
        | 'contact'
        | 'pickup'
        | 'driver'
        | 'pay'
        | 'alert'
        | 'done'
        | 'harvest'
        | 'loss'
        | 'receipt'
        | 'decline';
    }
  | { kind: 'unknown' };

/** The language the command word was in, when it tells (HELP vs AIDE); null for words both share. */
export type SpokenLanguage = 'en' | 'fr' | null;

type Word =
  | 'help'
  | 'prices'
  | 'sell'
  | 'bid'
  | 'bids'
  | 'accept'
  | 'orders'
  | 'contact'
  | 'pickup'
  | 'driver'
  | 'pay'
  | 'stop'
  | 'start'
  | 'confirm'
  | 'cancel'
  | 'alert'
  | 'tasks'
  | 'done'
  | 'harvest'
  | 'stock'
  | 'loss'
  | 'receipt'
  | 'coop'
  | 'paid'
  | 'weather'
  | 'learn'
  | 'decline';

const WORDS: Record<string, { kind: Word; lang: SpokenLanguage }> = {
  help: { kind: 'help', lang: 'en' },
  aide: { kind: 'help', lang: 'fr' },
  menu: { kind: 'help', lang: null },
  '?': { kind: 'help', lang: null },
  price: { kind: 'prices', lang: 'en' },
  prices: { kind: 'prices', lang: 'en' },
  prix: { kind: 'prices', lang: 'fr' },
  sell: { kind: 'sell', lang: 'en' },
  vendre: { kind: 'sell', lang: 'fr' },
  vends: { kind: 'sell', lang: 'fr' },
  bid: { kind: 'bid', lang: 'en' },
  offre: { kind: 'bid', lang: 'fr' },
  bids: { kind: 'bids', lang: 'en' },
  offres: { kind: 'bids', lang: 'fr' },
  accept: { kind: 'accept', lang: 'en' },
  accepter: { kind: 'accept', lang: 'fr' },
  accepte: { kind: 'accept', lang: 'fr' },
  orders: { kind: 'orders', lang: 'en' },
  order: { kind: 'orders', lang: 'en' },
  commandes: { kind: 'orders', lang: 'fr' },
  commande: { kind: 'orders', lang: 'fr' },
  contact: { kind: 'contact', lang: null },
  pickup: { kind: 'pickup', lang: 'en' },
  retrait: { kind: 'pickup', lang: 'fr' },
  driver: { kind: 'driver', lang: 'en' },
  livreur: { kind: 'driver', lang: 'fr' },
  pay: { kind: 'pay', lang: 'en' },
  payer: { kind: 'pay', lang: 'fr' },
  stop: { kind: 'stop', lang: null },
  arret: { kind: 'stop', lang: 'fr' },
  arreter: { kind: 'stop', lang: 'fr' },
  start: { kind: 'start', lang: null },
  yes: { kind: 'confirm', lang: 'en' },
  oui: { kind: 'confirm', lang: 'fr' },
  no: { kind: 'cancel', lang: 'en' },
  non: { kind: 'cancel', lang: 'fr' },
  alert: { kind: 'alert', lang: 'en' },
  alerts: { kind: 'alert', lang: 'en' },
  alerte: { kind: 'alert', lang: 'fr' },
  alertes: { kind: 'alert', lang: 'fr' },
  tasks: { kind: 'tasks', lang: 'en' },
  task: { kind: 'tasks', lang: 'en' },
  taches: { kind: 'tasks', lang: 'fr' },
  tache: { kind: 'tasks', lang: 'fr' },
  done: { kind: 'done', lang: 'en' },
  fait: { kind: 'done', lang: 'fr' },
  harvest: { kind: 'harvest', lang: 'en' },
  recolte: { kind: 'harvest', lang: 'fr' },
  stock: { kind: 'stock', lang: null },
  stocks: { kind: 'stock', lang: null },
  loss: { kind: 'loss', lang: 'en' },
  perte: { kind: 'loss', lang: 'fr' },
  receipt: { kind: 'receipt', lang: 'en' },
  recu: { kind: 'receipt', lang: 'fr' },
  coop: { kind: 'coop', lang: null },
  paid: { kind: 'paid', lang: 'en' },
  // PAYÉ folds to PAYE (PAYER is paying an order).
  paye: { kind: 'paid', lang: 'fr' },
  weather: { kind: 'weather', lang: 'en' },
  // MÉTÉO folds to METEO.
  meteo: { kind: 'weather', lang: 'fr' },
  learn: { kind: 'learn', lang: 'en' },
  lesson: { kind: 'learn', lang: 'en' },
  lessons: { kind: 'learn', lang: 'en' },
  apprendre: { kind: 'learn', lang: 'fr' },
  // LEÇON folds to LECON.
  lecon: { kind: 'learn', lang: 'fr' },
  lecons: { kind: 'learn', lang: 'fr' },
  decline: { kind: 'decline', lang: 'en' },
  refuser: { kind: 'decline', lang: 'fr' },
};

/** Words that, after ALERT <commodity>, remove the alerts on it. */
const OFF_WORDS = new Set(['off', 'stop', 'non', 'arret', 'fin']);

/** The words of a message as written: control and format characters read as spaces, runs of spaces as one. */
function writtenWords(text: string): string[] {
  const spaced = text
    .slice(0, MAX_COMMAND_TEXT)
    .replace(/[\p{C}\p{Z}\s]+/gu, ' ')
    .trim();
  return spaced === '' ? [] : spaced.split(' ');
}

/** A word as commands compare it: accents folded (NFKD, marks dropped), lower case. */
const folded = (word: string) => word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a message as commands compare them (only the first MAX_COMMAND_TEXT characters are read). */
export function commandWords(text: string): string[] {
  return writtenWords(text).map(folded);
}

/** A number as the contract's parsers read it: a decimal comma becomes a point, a leading `#` or `no` dropped. */
const NUMBER = /^\d{1,12}([.,]\d{1,6})?$/;
const numberWord = (word: string) => (NUMBER.test(word) ? word.replace(',', '.') : null);
const idWord = (word: string | undefined) => {
  const bare = word?.replace(/^(#|no\.?|n°|n)/, '');
  return bare !== undefined && /^\d{1,10}$/.test(bare) ? bare : null;
};

/** The words that name the farmer an agent sells for: `FOR amina` (fr `POUR amina`), last in the message. */
const FOR_WORDS = new Set(['for', 'pour']);

function sell(allArgs: string[], allWritten: string[]): Command {
  // SELL <commodity words…> <tons> <price> [grade] [FOR <username>]; the name as the user wrote it.
  const forAt = allArgs.length - 2;
  const farmer = forAt >= 0 && FOR_WORDS.has(allArgs[forAt] ?? '') ? (allWritten[forAt + 1] ?? null) : null;
  const args = farmer === null ? allArgs : allArgs.slice(0, forAt);
  const written = farmer === null ? allWritten : allWritten.slice(0, forAt);
  let end = args.length;
  const last = args[end - 1];
  const grade = last !== undefined && /^[abc]$/.test(last) ? last.toUpperCase() : null;
  if (grade !== null) {
    end -= 1;
  }
  const price = numberWord(args[end - 1] ?? '');
  const tons = numberWord(args[end - 2] ?? '');
  const name = written.slice(0, end - 2).join(' ');
  if (price === null || tons === null || name === '') {
    return { kind: 'usage', of: 'sell' };
  }
  return { kind: 'sell', commodity: name, tons, price, grade, farmer };
}

/** CONTACT <order>, PICKUP <order> (fr RETRAIT), DRIVER <order> <username> (fr LIVREUR). */
function orderCommand(kind: 'contact' | 'pickup' | 'driver', args: string[], written: string[]): Command {
  const order = idWord(args[0]);
  const wanted = kind === 'driver' ? 2 : 1;
  if (order === null || args.length !== wanted) {
    return { kind: 'usage', of: kind };
  }
  return kind === 'driver' ? { kind, order, driver: written[1] ?? '' } : { kind, order };
}

/** PAY <order> [PIN] (fr PAYER). */
function pay(args: string[]): Command {
  const order = idWord(args[0]);
  if (order === null || args.length > 2) {
    return { kind: 'usage', of: 'pay' };
  }
  return { kind: 'pay', order, pin: args[1] ?? null };
}

function alert(args: string[], written: string[]): Command {
  // ALERT; ALERT <commodity words…> <price>; ALERT <commodity words…> OFF. The name as the user wrote it.
  if (args.length === 0) {
    return { kind: 'alert', commodity: null, price: null, off: false };
  }
  const last = args[args.length - 1] ?? '';
  const name = written.slice(0, -1).join(' ');
  if (name === '') {
    return { kind: 'usage', of: 'alert' };
  }
  if (OFF_WORDS.has(last)) {
    return { kind: 'alert', commodity: name, price: null, off: true };
  }
  const price = numberWord(last);
  return price === null
    ? { kind: 'usage', of: 'alert' }
    : { kind: 'alert', commodity: name, price, off: false };
}

function bid(args: string[]): Command {
  // BID <listing> <price> [tons]
  const listing = idWord(args[0]);
  const price = numberWord(args[1] ?? '');
  const tons = args[2] === undefined ? null : numberWord(args[2]);
  if (listing === null || price === null || (args[2] !== undefined && tons === null) || args.length > 3) {
    return { kind: 'usage', of: 'bid' };
  }
  return { kind: 'bid', listing, price, tons };
}

/** HARVEST <plan> <quantity> <unit> (fr RECOLTE); the unit is checked by the bot, which names the ones it takes. */
function harvest(args: string[]): Command {
  const plan = idWord(args[0]);
  const quantity = numberWord(args[1] ?? '');
  const unit = args[2];
  if (plan === null || quantity === null || unit === undefined || args.length > 3) {
    return { kind: 'usage', of: 'harvest' };
  }
  return { kind: 'harvest', plan, quantity, unit };
}

/** LOSS <lot> <tons> <reason> [note…] (fr PERTE); the reason is checked by the bot, which names the ones it takes. */
function loss(args: string[], written: string[]): Command {
  const lot = idWord(args[0]);
  const tons = numberWord(args[1] ?? '');
  const reason = args[2];
  if (lot === null || tons === null || reason === undefined) {
    return { kind: 'usage', of: 'loss' };
  }
  const note = written.slice(3).join(' ');
  return { kind: 'loss', lot, tons, reason, note: note === '' ? null : note };
}

/** RECEIPT <code> (fr RECU): the code as written, its parts joined (a code copied from paper in groups). */
function receipt(written: string[]): Command {
  const code = written.join('');
  return code === '' ? { kind: 'usage', of: 'receipt' } : { kind: 'receipt', code };
}

/** Reads a message as a command, and the language its first word was in. */
export function parseCommand(text: string): { command: Command; spoken: SpokenLanguage } {
  const [, ...written] = writtenWords(text);
  const [first = '', ...args] = commandWords(text);
  const word = Object.hasOwn(WORDS, first) ? WORDS[first] : undefined;
  if (!word) {
    return { command: { kind: 'unknown' }, spoken: null };
  }
  const spoken = word.lang;
  const command = ((): Command => {
    switch (word.kind) {
      case 'prices':
        return { kind: 'prices', commodity: args.length === 0 ? null : written.join(' ') };
      case 'sell':
        return sell(args, written);
      case 'alert':
        return alert(args, written);
      case 'bid':
        // OFFRE alone lists the bids, as OFFRES does.
        return args.length === 0 ? { kind: 'bids' } : bid(args);
      case 'accept': {
        const id = idWord(args[0]);
        if (args.length >= 2) {
          return agreementCommand('accept', id, args) ?? { kind: 'usage', of: 'accept' };
        }
        return id === null || args.length > 1 ? { kind: 'usage', of: 'accept' } : { kind: 'accept', bid: id };
      }
      case 'decline':
        return agreementCommand('decline', idWord(args[0]), args) ?? { kind: 'usage', of: 'decline' };
      case 'confirm':
        return { kind: 'confirm', pin: args[0] ?? null };
      case 'contact':
      case 'pickup':
      case 'driver':
        return orderCommand(word.kind, args, written);
      case 'pay':
        return pay(args);
      case 'done': {
        const task = idWord(args[0]);
        return task === null || args.length > 1 ? { kind: 'usage', of: 'done' } : { kind: 'done', task };
      }
      case 'harvest':
        return harvest(args);
      case 'loss':
        return loss(args, written);
      case 'receipt':
        return receipt(written);
      case 'weather':
        return { kind: 'weather', farm: args.length === 0 ? null : written.join(' ') };
      case 'learn': {
        const lesson = args.length === 1 ? idWord(args[0]) : null;
        const about = lesson === null && args.length > 0 ? written.join(' ') : null;
        return { kind: 'learn', lesson, about };
      }
      case 'help':
      case 'bids':
      case 'orders':
      case 'stop':
      case 'start':
      case 'cancel':
      case 'tasks':
      case 'stock':
      case 'coop':
      case 'paid':
        return { kind: word.kind };
      default:
        return { kind: 'unknown' };
    }
  })();
  return { command, spoken };
}
