// Who is who on a forward agreement: its buyer, its seller (the farmer, or a co-operative's admins for its account)
// and managers, who see every agreement. Anyone else is told it does not exist.
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { coopAccountsAdministeredBy } from '../groups';
import type { SessionUser } from '../http/access';
import { AppError } from '../http/errors';
import { type AgreementRow, findAgreement } from './agreements.repo';

export const agreementNotFound = () => new AppError('notFound', 'agreements.errors.notFound');

export interface Sides {
  buyer: boolean;
  seller: boolean;
  manager: boolean;
}

/** The caller's sides on the agreement (a co-operative's admin is on the seller's side of its account's). */
export async function sidesOf(db: Tx, user: SessionUser, agreement: AgreementRow): Promise<Sides> {
  const seller =
    agreement.sellerId === user.id ||
    (agreement.groupId !== null &&
      (await coopAccountsAdministeredBy(db, user.id)).includes(agreement.sellerId));
  return { buyer: agreement.buyerId === user.id, seller, manager: user.role === 'manager' };
}

/** The agreement and the caller's sides, when they may see it (404 otherwise); `lock` for a change. */
export async function agreementFor(
  db: Tx,
  user: SessionUser,
  id: number,
  lock = false,
): Promise<{ agreement: AgreementRow; sides: Sides }> {
  const agreement = await findAgreement(db, id, lock);
  if (!agreement) {
    throw agreementNotFound();
  }
  const sides = await sidesOf(db, user, agreement);
  if (!sides.buyer && !sides.seller && !sides.manager) {
    throw agreementNotFound();
  }
  return { agreement, sides };
}

/** The parties a list covers: the caller, and the co-operatives' accounts they administer; null for a manager. */
export async function partiesOf(ctx: AppContext, user: SessionUser): Promise<number[] | null> {
  if (user.role === 'manager') {
    return null;
  }
  return [user.id, ...(await coopAccountsAdministeredBy(ctx.db, user.id))];
}
