// Test helpers for the stock API: a store, a lot of opening stock in it, a movement, and a listing drawn from a lot.
import type { TCommodity } from '../../contract/marketplace';
import type { TLot, TLotDetail, TStore } from '../../contract/stock';
import type { Send } from './agent-sale';
import { ok, type Session } from './harness';

/** A store opened by `who` (a home store of theirs unless said). */
export async function openStore(
  send: Send,
  who: Session,
  body: Record<string, unknown> = {},
): Promise<TStore> {
  return ok<TStore>(await send(who, 'POST', '/api/stores', { name: 'Grenier', kind: 'home', ...body }), 201);
}

/** Opening stock recorded by `who` in a store they keep: 2 t of grade A maize unless said. */
export async function lotIn(
  send: Send,
  who: Session,
  storeId: number,
  body: Record<string, unknown> = {},
): Promise<TLot> {
  return ok<TLot>(
    await send(who, 'POST', '/api/lots', { storeId, crop: 'Maize', grade: 'A', quantity: 2, ...body }),
    201,
  );
}

/** The lot as `who` sees it, with its movements. */
export async function lotOf(send: Send, who: Session, lotId: number): Promise<TLotDetail> {
  return ok<TLotDetail>(await send(who, 'GET', `/api/lots/${lotId}`));
}

/** A listing of `quantity` t drawn from the lot (maize, grade A, at 300 unless said). */
export async function listFrom(
  send: Send,
  who: Session,
  lotId: number,
  quantity: number,
  body: Record<string, unknown> = {},
): Promise<TCommodity> {
  return ok<TCommodity>(
    await send(who, 'POST', '/api/commodities', {
      name: 'Maize',
      quantity,
      price: 300,
      grade: 'A',
      lotId,
      ...body,
    }),
    201,
  );
}
