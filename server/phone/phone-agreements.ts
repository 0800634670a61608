// A seller answers a forward agreement by phone (the USSD menu's Forward agreements, ACCEPT 5 1234 / DECLINE 5 by
// SMS or WhatsApp): accepted or declined with the PIN, through the agreements' own service, which checks the sides
// and the turn as for the app. A counter needs the terms changed: the app only.
import type { TForwardAgreement } from '../../contract/forward-agreements';
import { decideAgreement, getAgreement, listAgreements } from '../agreements';
import type { AppContext } from '../context';
import { coopAccountsAdministeredBy } from '../groups';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import type { AgreementCommand } from './agreement-command';
import { agreementParams, answerSummary, waitsForSeller } from './phone-agreements-text';
import { refusalText, say } from './phone-text';

/** An answer to an agreement asked by phone, kept (as JSON) until the PIN confirms it. */
export interface AgreementWrite {
  kind: 'agreement';
  agreementId: number;
  decision: 'accept' | 'decline';
}

/** The most agreements a phone lists (a seller rarely has more than a few waiting). */
const LISTED = 20;

export function agreementWrite(command: AgreementCommand): AgreementWrite | null {
  const id = Number(command.agreement);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? { kind: 'agreement', agreementId: id, decision: command.decision }
    : null;
}

/** The agreements waiting for the user's answer as seller (their own, or their co-operative's), oldest first. */
export async function waitingAgreements(ctx: AppContext, user: SessionUser): Promise<TForwardAgreement[]> {
  const lists = await Promise.all(
    (['proposed', 'countered'] as const).map((status) =>
      listAgreements(ctx, user, { status, limit: LISTED }),
    ),
  );
  return lists
    .flat()
    .filter((a) => waitsForSeller(a))
    .sort((a, b) => a.id - b.id);
}

/**
 * How many agreements wait for the user's answer, counted for those who may sell under one (a farmer, a
 * co-operative's admin; a manager answers none): the menu offers Forward agreements only then.
 */
export async function waitingCount(ctx: AppContext, user: SessionUser): Promise<number> {
  if (user.role === 'manager') {
    return 0;
  }
  const sells = user.role === 'farmer' || (await coopAccountsAdministeredBy(ctx.db, user.id)).length > 0;
  return sells ? (await waitingAgreements(ctx, user)).length : 0;
}

/** The agreement the user may answer now, or the words saying why not (none of theirs by that number, not open). */
async function answerable(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<{ agreement: TForwardAgreement; refusal: null } | { agreement: null; refusal: string }> {
  const lang = user.language;
  try {
    const agreement = await getAgreement(ctx, user, id);
    return waitsForSeller(agreement)
      ? { agreement, refusal: null }
      : { agreement: null, refusal: say(lang, 'agreements.notWaiting', { id }) };
  } catch (error) {
    // To anyone not on it, an agreement does not exist: the same words for one that does not.
    if (error instanceof AppError && error.key === 'agreements.errors.notFound') {
      return { agreement: null, refusal: say(lang, 'agreements.notFound', { id }) };
    }
    throw error;
  }
}

/** What the answer will do, in a line the user confirms; or why it cannot be given, before the PIN is asked. */
export async function describeAgreementWrite(
  ctx: AppContext,
  user: SessionUser,
  write: AgreementWrite,
): Promise<{ summary: string; refusal: null } | { summary: null; refusal: string }> {
  const lang = user.language;
  const { agreement, refusal } = await answerable(ctx, user, write.agreementId);
  if (agreement === null) {
    return { summary: null, refusal };
  }
  return { summary: answerSummary(lang, agreement, write.decision), refusal: null };
}

/** Gives the answer through the agreements' service; the words of what was done, or why not. */
export async function runAgreementWrite(
  ctx: AppContext,
  user: SessionUser,
  write: AgreementWrite,
): Promise<string> {
  const lang = user.language;
  const { agreement, refusal } = await answerable(ctx, user, write.agreementId);
  if (agreement === null) {
    return refusal;
  }
  try {
    const row = await decideAgreement(ctx, user, agreement.id, { decision: write.decision });
    const params = agreementParams(lang, agreement);
    switch (row.status) {
      case 'active':
        return say(lang, 'done.agreementActive', params);
      case 'declined':
        return say(lang, 'done.agreementDeclined', params);
      default:
        return say(lang, 'done.agreementAccepted', params);
    }
  } catch (error) {
    return refusalText(lang, error);
  }
}
