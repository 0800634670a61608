// An order view as its reader gets it: presented, with commodities named as the catalogue names them in their language.

import type { AppContext } from '../context';
import type { SessionUser } from '../http/access';
import { readerNames } from '../marketplace';
import type { OrderView } from './order-change';
import { presentOrder } from './orders.present';

export async function presentOrderView(ctx: AppContext, view: OrderView, viewer: SessionUser) {
  return presentOrder(view.order, view.details, viewer, await readerNames(ctx, viewer.language));
}
