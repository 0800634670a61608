// What a reader may do with an agreement, mirroring the server's rules (API36): the party whose turn it is answers,
// the buyer pays the deposit once accepted, the seller delivers while it is active and in its window, links a crop
// plan of theirs, either party disputes how it ended, a manager resolves a dispute. The server decides; the screen
// only hides the buttons it would refuse.
import type { TUser } from '../../../contract/auth';
import type { TForwardAgreement } from '../../../contract/forward-agreements';
import type { AgreementStatus } from '../../../contract/forward-agreements-constants';

export type AgreementAction =
  | 'accept'
  | 'decline'
  | 'counter'
  | 'withdraw'
  | 'payDeposit'
  | 'deliver'
  | 'linkPlan'
  | 'dispute'
  | 'resolve';

export type AgreementSide = 'buyer' | 'seller' | null;

type Reader = Pick<TUser, 'id' | 'role'>;

/**
 * The reader's side in the agreement: as the server says (a co-operative's admins are on its seller's side), else
 * by the parties' ids (an agreement drawn before the server's answer, e.g. from the outbox).
 */
export function sideOf(agreement: TForwardAgreement, reader: Reader): AgreementSide {
  if (agreement.you !== null) {
    return agreement.you;
  }
  if (agreement.buyer.id === reader.id) {
    return 'buyer';
  }
  return agreement.seller.id === reader.id ? 'seller' : null;
}

/** The buyer may withdraw before the deposit makes it binding. */
const WITHDRAWABLE: readonly AgreementStatus[] = ['proposed', 'countered', 'accepted'];
/** An active agreement past its window, before it is settled, may be disputed by a party (see the grace days). */
const DISPUTABLE: readonly AgreementStatus[] = ['active'];
/** A plan is linked while the harvest is still coming. */
const PLANNABLE: readonly AgreementStatus[] = ['proposed', 'countered', 'accepted', 'active'];

function answers(agreement: TForwardAgreement, side: AgreementSide): AgreementAction[] {
  const open = agreement.status === 'proposed' || agreement.status === 'countered';
  if (!open || side === null || agreement.turn !== side) {
    return [];
  }
  // The seller may counter once; the buyer answers a counter with yes or no.
  return side === 'seller' && !agreement.countered ? ['accept', 'decline', 'counter'] : ['accept', 'decline'];
}

/** The actions offered to `reader` on `today` (YYYY-MM-DD, the reader's day). */
export function actionsFor(agreement: TForwardAgreement, reader: Reader, today: string): AgreementAction[] {
  const side = sideOf(agreement, reader);
  const actions = answers(agreement, side);
  const { status } = agreement;
  if (side === 'buyer' && WITHDRAWABLE.includes(status) && agreement.depositPayment?.status !== 'succeeded') {
    actions.push('withdraw');
  }
  if (side === 'buyer' && status === 'accepted') {
    actions.push('payDeposit');
  }
  const inWindow = today >= agreement.deliveryFrom && today <= agreement.deliveryTo;
  if (side === 'seller' && status === 'active' && inWindow && agreement.maxMore > 0) {
    actions.push('deliver');
  }
  if (side === 'seller' && PLANNABLE.includes(status)) {
    actions.push('linkPlan');
  }
  if (side !== null && today > agreement.deliveryTo && DISPUTABLE.includes(status)) {
    actions.push('dispute');
  }
  if (reader.role === 'manager' && status === 'disputed') {
    actions.push('resolve');
  }
  return actions;
}
