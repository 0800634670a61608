// The SMS and WhatsApp bot: a message in, one reply out. Reads answer at once; a write is echoed and done only
// when the user replies `YES <PIN>` (fr `OUI <PIN>`) within CONFIRM_WINDOW_MS, or (PAY) given with its PIN.
import type { Language } from '../../contract/constants';
import type { PhoneChannel } from '../../contract/notifications';
import { accountByPhone } from '../auth';
import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { can } from '../http/permissions';
import { startChannel, stopChannel } from '../notifications';
import { checkPin } from '../users';
import { answerAlert } from './alert-command';
import { type Command, parseCommand } from './commands';
import { dropPending, findPending, savePending, takePending } from './pending.repo';
import { agreementWrite } from './phone-agreements';
import { coopReply, paidReply } from './phone-coop';
import { doneWrite, harvestWrite, taskLines } from './phone-crops';
import { invitationReply } from './phone-events';
import { learnReply } from './phone-learn';
import { contactText, driverWrite, farmerToSellFor, orderIdOf } from './phone-order-writes';
import { payWrite } from './phone-pay';
import { bidsReceivedLines, myBidLines, orderLines, phoneActor, priceLines } from './phone-reads';
import { lossWrite, receiptReply, stockLines } from './phone-stock';
import { say } from './phone-text';
import { weatherReply } from './phone-weather';
import {
  checkAccept,
  checkBid,
  checkSell,
  describeWrite,
  type PhoneWrite,
  receivesBids,
  runWrite,
  sellsByPhone,
  sellsForFarmers,
} from './phone-writes';

export interface InboundMessage {
  channel: PhoneChannel;
  /** E.164. */
  from: string;
  text: string;
}

/** The reply to a message, and the account it was for (null: a number no account has proven). */
export async function answerMessage(
  ctx: AppContext,
  message: InboundMessage,
): Promise<{ reply: string; userId: number | null }> {
  const { command, spoken } = parseCommand(message.text);
  const account = await accountByPhone(ctx.db, message.from);
  if (!account) {
    // A receipt is checked by anyone with its code (a buyer, a lender), lessons read by anyone: no account needed.
    return { reply: await strangerReply(ctx, message, command, spoken), userId: null };
  }
  const user = phoneActor(account);
  // A bare 1 / 2 (YES / NO) answers the last invitation to an event, when there is one open.
  const rsvp = await invitationReply(ctx, user, message.channel, message.text);
  return { reply: rsvp ?? (await answerCommand(ctx, user, message, command)), userId: user.id };
}

/**
 * To a number no account has proven: a receipt checked (RECEIPT) or lessons (LEARN), in the language of the command
 * word, else how to get an account, in the language the message was in (both if unknown).
 */
async function strangerReply(
  ctx: AppContext,
  message: InboundMessage,
  command: Command,
  spoken: Language | null,
): Promise<string> {
  const lang = spoken ?? 'en';
  if (command.kind === 'receipt') {
    return receiptReply(ctx, lang, command.code, message.from);
  }
  if (command.kind === 'learn') {
    return learnReply(ctx, lang, null, command);
  }
  if (command.kind === 'usage' && command.of === 'receipt') {
    return say(lang, 'usage.receipt');
  }
  return spoken === null
    ? `${say('en', 'unknownNumber')}\n${say('fr', 'unknownNumber')}`
    : say(spoken, 'unknownNumber');
}

function helpText(user: SessionUser): string {
  const key = sellsByPhone(user)
    ? 'help.seller'
    : receivesBids(user)
      ? 'help.agent'
      : can(user.role, 'bids.create')
        ? 'help.buyer'
        : 'help.other';
  return say(user.language, key);
}

async function answerCommand(
  ctx: AppContext,
  user: SessionUser,
  message: InboundMessage,
  command: Command,
): Promise<string> {
  const lang = user.language;
  const { channel } = message;
  const lines = (list: string[]) => list.join('\n');
  switch (command.kind) {
    case 'prices':
      return lines(await priceLines(ctx, user, command.commodity));
    case 'bids':
      return lines(
        can(user.role, 'bids.create') ? await myBidLines(ctx, user) : await bidsReceivedLines(ctx, user),
      );
    case 'orders':
      return lines(await orderLines(ctx, user));
    case 'contact':
      return contactText(ctx, user, command.order);
    case 'pickup': {
      const orderId = orderIdOf(command.order);
      return orderId === null
        ? say(lang, 'invalid.number')
        : echo(ctx, user, channel, { kind: 'pickup', orderId });
    }
    case 'driver': {
      const { write, error } = await driverWrite(ctx, lang, command.order, command.driver);
      return write ? echo(ctx, user, channel, write) : error;
    }
    case 'pay': {
      const orderId = orderIdOf(command.order);
      if (orderId === null) {
        return say(lang, 'invalid.number');
      }
      // The prompt goes to the phone that asked: the number this account has proven.
      const write = payWrite(orderId, message.from);
      return command.pin === null ? echo(ctx, user, channel, write) : withPin(ctx, user, write, command.pin);
    }
    case 'sell':
      return sell(ctx, user, channel, command);
    case 'bid': {
      const { write, error } = checkBid(lang, command);
      return write ? echo(ctx, user, channel, write) : error;
    }
    case 'accept': {
      const { write, error } = checkAccept(lang, command.bid);
      return write ? echo(ctx, user, channel, write) : error;
    }
    case 'confirm':
      return confirm(ctx, user, channel, command.pin);
    case 'cancel':
      return say(lang, (await dropPending(ctx.db, user.id, channel)) ? 'cancelled' : 'nothingToConfirm');
    case 'stop':
      await stopChannel(ctx.db, user.id, channel);
      return say(lang, 'stopped', { channel: say(lang, `channel.${channel}`) });
    case 'start':
      await startChannel(ctx.db, user.id, channel);
      return say(lang, 'started', { channel: say(lang, `channel.${channel}`) });
    case 'alert':
      return answerAlert(ctx, user, command);
    case 'tasks':
    case 'done':
    case 'harvest':
      return farmCommand(ctx, user, channel, command);
    case 'stock':
      return lines(await stockLines(ctx, user));
    case 'loss': {
      const { write, error } = lossWrite(lang, command);
      return write ? echo(ctx, user, channel, write) : error;
    }
    case 'receipt':
      return receiptReply(ctx, lang, command.code, message.from);
    case 'coop':
      return coopReply(ctx, user);
    case 'paid':
      return paidReply(ctx, user);
    case 'weather':
      return weatherReply(ctx, user, command.farm);
    case 'learn':
      return learnReply(ctx, lang, user.id, command);
    case 'agreement': {
      const write = agreementWrite(command);
      if (write === null) {
        return say(lang, 'invalid.number');
      }
      return command.pin === null ? echo(ctx, user, channel, write) : withPin(ctx, user, write, command.pin);
    }
    case 'usage':
      return say(lang, `usage.${command.of}`);
    default:
      return helpText(user);
  }
}

/** TASKS lists this week's tasks; DONE and HARVEST are echoed for the PIN (or refused at once). */
async function farmCommand(
  ctx: AppContext,
  user: SessionUser,
  channel: PhoneChannel,
  command: Extract<Command, { kind: 'tasks' | 'done' | 'harvest' }>,
): Promise<string> {
  if (command.kind === 'tasks') {
    return (await taskLines(ctx, user)).join('\n');
  }
  const { write, error } =
    command.kind === 'done' ? await doneWrite(ctx, user, command.task) : harvestWrite(user.language, command);
  return write ? echo(ctx, user, channel, write) : error;
}

/** SELL: one's own lot, or (an agent) a lot of a farmer they represent, named after FOR. */
async function sell(
  ctx: AppContext,
  user: SessionUser,
  channel: PhoneChannel,
  command: Extract<Command, { kind: 'sell' }>,
): Promise<string> {
  const lang = user.language;
  const { write, error } = checkSell(lang, { name: command.commodity, ...command });
  if (!write) {
    return error;
  }
  if (command.farmer === null) {
    // An agent lists only for a farmer: say how, rather than a bare refusal.
    return sellsForFarmers(user) ? say(lang, 'usage.sellFor') : echo(ctx, user, channel, write);
  }
  const chosen = await farmerToSellFor(ctx, user, command.farmer);
  return chosen.farmer ? echo(ctx, user, channel, { ...write, farmer: chosen.farmer }) : chosen.error;
}

/** Keeps the write for `YES <PIN>` and says what it will do; or says at once why it cannot be done. */
async function echo(ctx: AppContext, user: SessionUser, channel: PhoneChannel, write: PhoneWrite) {
  const described = await describeWrite(ctx, user, write);
  if (described.refusal !== null) {
    return described.refusal;
  }
  await savePending(ctx.db, user.id, channel, write);
  return say(user.language, 'confirm', { summary: described.summary });
}

async function confirm(ctx: AppContext, user: SessionUser, channel: PhoneChannel, pin: string | null) {
  const lang = user.language;
  if ((await findPending(ctx.db, user.id, channel)) === null) {
    return say(lang, 'nothingToConfirm');
  }
  if (pin === null) {
    return say(lang, 'pin.missing');
  }
  const checked = await checkPin(ctx.db, user.id, pin);
  if (!checked.ok) {
    return pinRefusal(lang, checked);
  }
  const write = await takePending(ctx.db, user.id, channel);
  return write === null ? say(lang, 'nothingToConfirm') : runWrite(ctx, user, write);
}

/** A write sent with its PIN (PAY 7 1234): checked as an echo would be, then done when the PIN is right. */
async function withPin(ctx: AppContext, user: SessionUser, write: PhoneWrite, pin: string) {
  const described = await describeWrite(ctx, user, write);
  if (described.refusal !== null) {
    return described.refusal;
  }
  const checked = await checkPin(ctx.db, user.id, pin);
  return checked.ok ? runWrite(ctx, user, write) : pinRefusal(user.language, checked);
}

type PinRefused = Extract<Awaited<ReturnType<typeof checkPin>>, { ok: false }>;

const pinRefusal = (lang: Language, checked: PinRefused) =>
  checked.reason === 'wrong'
    ? say(lang, 'pin.wrong', { left: checked.left })
    : say(lang, `pin.${checked.reason}`);
