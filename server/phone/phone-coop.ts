// Co-operatives by phone, shared by the SMS/WhatsApp commands and the USSD Co-op menu: a member's latest intakes and
// what they are owed (COOP), and their last payouts (PAID, fr PAYE), each co-operative of theirs in turn, in one SMS
// where it fits; through the groups module's membership checks and member statement.
import type { Language } from '../../contract/constants';
import type { AppContext } from '../context';
import { type PhoneCoop, phoneCoops, phoneIntakes, phoneOwed, phonePayouts } from '../groups';
import type { SessionUser } from '../http/access';
import { marketModel } from '../marketplace';
import { fitsOneSms, intakeLine, oneSms, owedLine, packLines, shareLine } from './phone-coop-text';
import { PHONE_LIST_MAX } from './phone-reads';
import { say } from './phone-text';

/** A co-operative's block of lines; `fits` says whether the whole message so far fits. */
type Block = (coop: PhoneCoop, fits: (text: string) => boolean) => Promise<string[]>;

/** The caller's latest intakes in the co-operative, as lines naming each crop in their language. */
export async function intakeLines(
  ctx: AppContext,
  user: SessionUser,
  coop: PhoneCoop,
  limit: number,
): Promise<{ lines: string[]; more: boolean }> {
  const lang: Language = user.language;
  const { intakes, more } = await phoneIntakes(ctx, user, coop.id, limit);
  const catalogue = await marketModel.of(ctx).catalogue.get();
  return {
    lines: intakes.map((i) => intakeLine(lang, i, catalogue.readerName(lang, i.crop))),
    more,
  };
}

/** One message for every co-operative of the caller's, each block packed into what is left of one SMS. */
async function eachCoop(ctx: AppContext, user: SessionUser, block: Block): Promise<string> {
  const coops = await phoneCoops(ctx.db, user.id);
  if (coops.length === 0) {
    return say(user.language, 'coop.notMember');
  }
  const done: string[] = [];
  for (const coop of coops) {
    done.push(...(await block(coop, (text) => fitsOneSms([...done, text].join('\n')))));
  }
  return oneSms(done.join('\n'));
}

/** COOP: per co-operative, the latest intakes, then delivered awaiting settlement and what is due. */
export function coopReply(ctx: AppContext, user: SessionUser): Promise<string> {
  const lang = user.language;
  return eachCoop(ctx, user, async (coop, fits) => {
    const { lines, more } = await intakeLines(ctx, user, coop, PHONE_LIST_MAX);
    const owed = owedLine(lang, await phoneOwed(ctx, user, coop.id));
    if (lines.length === 0) {
      return [say(lang, 'coop.noIntakes', { group: coop.name }), owed];
    }
    return packLines({
      head: [say(lang, 'coop.title', { group: coop.name })],
      items: lines,
      tail: [owed],
      more: say(lang, 'coop.more'),
      moreBeyond: more,
      fits,
    });
  });
}

/** PAID: per co-operative, the last payouts with their amount, state and day. */
export function paidReply(ctx: AppContext, user: SessionUser): Promise<string> {
  const lang = user.language;
  return eachCoop(ctx, user, async (coop, fits) => {
    const payouts = await phonePayouts(ctx, user, coop.id, PHONE_LIST_MAX + 1);
    if (payouts.length === 0) {
      return [say(lang, 'coop.noPayouts', { group: coop.name })];
    }
    return packLines({
      head: [say(lang, 'coop.payoutsTitle', { group: coop.name })],
      items: payouts.slice(0, PHONE_LIST_MAX).map((p) => shareLine(lang, p, 'coop.payout')),
      tail: [],
      more: say(lang, 'coop.more'),
      moreBeyond: payouts.length > PHONE_LIST_MAX,
      fits,
    });
  });
}
