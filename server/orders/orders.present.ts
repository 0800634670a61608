// Orders as the API shows them: money in decimal units, quantities in tons, each party's name, and only what the viewer may see.
import { centsToDecimal } from '../../contract/money';
import { CLOSED_DELIVERY_STATUSES, MAX_CODE_ATTEMPTS, type TOrder } from '../../contract/orders';
import { kgToTons } from '../../contract/quantity';
import { weighedTotalCents, weightDeviationPercent } from '../../contract/weighing';
import type { SessionUser } from '../http/access';
import type { NameOf } from '../marketplace';
import { presentMobilePayment, presentPayout } from '../payments';
import { presentTerms } from './delivery-terms';
import { type EscrowCents, escrowCents, type PaymentTerms } from './escrow';
import type { OrderDetails } from './order-pages.repo';
import {
  dueCents,
  isNextStep,
  mayArrangeDelivery,
  mayCancel,
  mayDispute,
  mayMoveDelivery,
  mayPayByMobile,
  mayRecordPayment,
  mayReleaseEscrow,
  mayRenewCode,
  mayReplyToDispute,
  mayResolveDispute,
  maySeeDisputePhotos,
  mayUseCode,
} from './orders.policy';
import type { DeliveryRow, OrderRow } from './orders.repo';

type Viewer = Pick<SessionUser, 'id' | 'role'>;

function party(details: OrderDetails, id: number) {
  return { id, username: details.people.get(id)?.username ?? `#${id}` };
}

function contact(details: OrderDetails, id: number) {
  const person = details.people.get(id);
  // The number as one dials it: with the country code when the user gave one.
  const phone = person?.phoneNumber
    ? [person.countryCode, person.phoneNumber].filter(Boolean).join(' ')
    : null;
  return { ...party(details, id), phoneNumber: phone, email: person?.email ?? null };
}

function presentDelivery(
  order: OrderRow,
  delivery: DeliveryRow,
  details: OrderDetails,
  viewer: Viewer,
): TOrder['delivery'] {
  // The parties' contact goes to the assigned driver (or a manager) while the delivery is open, whatever their
  // privacy setting: they are needed to collect and hand over the goods.
  const open = !CLOSED_DELIVERY_STATUSES.includes(delivery.status) && order.status !== 'cancelled';
  const showContacts =
    open && delivery.mode === 'driver' && (delivery.driverId === viewer.id || viewer.role === 'manager');
  return {
    id: delivery.id,
    mode: delivery.mode,
    driver: delivery.driverId === null ? null : party(details, delivery.driverId),
    status: delivery.status,
    weighedQuantity: delivery.weighedQuantityKg === null ? null : kgToTons(delivery.weighedQuantityKg),
    note: delivery.note,
    codeAttemptsLeft: Math.max(MAX_CODE_ATTEMPTS - order.codeFailures, 0),
    pickup: showContacts ? contact(details, order.sellerId) : null,
    dropoff: showContacts ? contact(details, order.buyerId) : null,
    ...presentTerms(delivery),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

/** The goods on the scale against the order (see contract ZWeighing). */
function presentWeighing(order: OrderRow): TOrder['weighing'] {
  const weighedKg = order.pendingWeighedKg ?? order.weighedKg;
  const toAccept =
    order.pendingWeighedKg !== null &&
    (order.status === 'awaiting_delivery' || order.status === 'in_transit');
  return {
    ordered: kgToTons(order.quantityKg),
    billed: kgToTons(order.weighedKg ?? order.quantityKg),
    weighed: weighedKg === null ? null : kgToTons(weighedKg),
    deviationPercent: weighedKg === null ? null : weightDeviationPercent(order.quantityKg, weighedKg),
    toAccept,
    totalIfAccepted:
      toAccept && order.pendingWeighedKg !== null
        ? centsToDecimal(weighedTotalCents(order.priceCents, order.pendingWeighedKg))
        : null,
  };
}

/** The order's escrow: when its held money goes to the seller, unless a dispute holds it. */
function presentEscrow(order: OrderRow, escrow: EscrowCents, terms: PaymentTerms): TOrder['escrow'] {
  const frozen = order.status === 'disputed' && escrow.held > 0;
  const releaseAt =
    !frozen && escrow.held > 0 && order.status === 'completed' && order.deliveredAt !== null
      ? new Date(order.deliveredAt.getTime() + terms.holdMs).toISOString()
      : null;
  return {
    held: centsToDecimal(escrow.held),
    released: centsToDecimal(escrow.released),
    refunded: centsToDecimal(escrow.refunded),
    releaseAt,
    frozen,
  };
}

/** Where a dispute photo is served: its content hash in the address, so it is cached for good. */
export const disputePhotoUrl = (orderId: number, hash: string) => `/api/orders/${orderId}/photos/${hash}`;

const tonsOrNull = (kg: number | null) => (kg === null ? null : kgToTons(kg));

/** The order's money: what is paid and due, each payment and refund, and its mobile money (escrow, payouts). */
function presentMoney(order: OrderRow, details: OrderDetails, viewer: Viewer) {
  const moves = details.moves.get(order.id) ?? [];
  const escrow = escrowCents(moves);
  return {
    payment: {
      total: centsToDecimal(order.totalCents),
      paid: centsToDecimal(order.paidCents),
      refunded: centsToDecimal(order.refundedCents),
      due: centsToDecimal(dueCents(order)),
    },
    payments: (details.payments.get(order.id) ?? []).map((p) => ({
      id: p.id,
      amount: centsToDecimal(p.amountCents),
      method: p.method,
      reference: p.reference,
      paidAt: p.paidAt,
    })),
    refunds: (details.refunds.get(order.id) ?? []).map((r) => ({
      id: r.id,
      amount: centsToDecimal(r.amountCents),
      method: r.method,
      status: r.status,
      reason: r.reason,
      reference: r.reference,
      refundedAt: r.refundedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    escrow: presentEscrow(order, escrow, details.terms),
    payouts: moves
      .filter((m) => m.kind !== 'collection' && m.kind !== 'applied')
      .map((m) => presentPayout(m, viewer.id, viewer.role === 'manager')),
    mobilePayments: moves
      .filter((m) => m.kind === 'collection')
      .map((m) => presentMobilePayment(m, viewer.id)),
  };
}

/** `nameOf` names the order's market in the viewer's language (the name typed on the listing for a free-text one). */
export function presentOrder(order: OrderRow, details: OrderDetails, viewer: Viewer, nameOf: NameOf): TOrder {
  const delivery = details.deliveries.get(order.id) ?? null;
  const dispute = details.disputes.get(order.id) ?? null;
  const now = Date.now();
  const moves = details.moves.get(order.id) ?? [];
  const escrow = escrowCents(moves);
  return {
    id: order.id,
    tradeId: order.tradeId,
    commodity: {
      id: order.commodityId,
      name: nameOf(order.marketKey, order.commodityName),
      grade: order.grade,
    },
    quantity: kgToTons(order.quantityKg),
    price: centsToDecimal(order.priceCents),
    total: centsToDecimal(order.totalCents),
    buyer: party(details, order.buyerId),
    seller: party(details, order.sellerId),
    agent: order.agentId === null ? null : party(details, order.agentId),
    status: order.status,
    delivery: delivery === null ? null : presentDelivery(order, delivery, details, viewer),
    ...presentMoney(order, details, viewer),
    handoverCode: mayUseCode(viewer, order) ? order.handoverCode : null,
    dispute:
      dispute === null
        ? null
        : {
            reason: dispute.reason,
            note: dispute.note,
            openedAt: dispute.createdAt.toISOString(),
            resolution: dispute.resolution,
            refund: dispute.refundCents === null ? null : centsToDecimal(dispute.refundCents),
            resolutionNote: dispute.resolutionNote,
            resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
            orderedQuantity: tonsOrNull(dispute.orderedKg),
            weighedQuantity: tonsOrNull(dispute.weighedKg),
            contacts:
              viewer.role === 'manager'
                ? { buyer: contact(details, order.buyerId), seller: contact(details, order.sellerId) }
                : null,
            reply:
              dispute.repliedAt === null
                ? null
                : {
                    note: dispute.replyNote ?? '',
                    at: dispute.repliedAt.toISOString(),
                    photos: maySeeDisputePhotos(viewer, order)
                      ? (dispute.replyPhotos ?? []).map((hash) => disputePhotoUrl(order.id, hash))
                      : [],
                  },
            canReply: mayReplyToDispute(viewer, order, dispute),
          },
    weighing: presentWeighing(order),
    timeline: (details.events.get(order.id) ?? []).map((e) => ({
      at: e.at.toISOString(),
      status: e.step,
      by: e.byId === null ? null : party(details, e.byId),
      note: e.note,
      amount: e.amountCents === null ? null : centsToDecimal(e.amountCents),
      quantity: tonsOrNull(e.quantityKg),
    })),
    can: {
      cancel: mayCancel(viewer, order, delivery),
      arrangeDelivery: mayArrangeDelivery(viewer, order, delivery),
      recordPayment: mayRecordPayment(viewer, order),
      dispute: mayDispute(viewer, order, now),
      resolveDispute: mayResolveDispute(viewer, order),
      renewCode: mayRenewCode(viewer, order),
      payByMobile: mayPayByMobile(viewer, order, {
        pendingCollection: moves.some((m) => m.kind === 'collection' && m.status === 'pending'),
        providers: details.terms.providers.length,
      }),
      releaseEscrow: mayReleaseEscrow(viewer, order, escrow.held),
      handOver:
        delivery !== null &&
        delivery.mode === 'pickup' &&
        order.status !== 'cancelled' &&
        mayMoveDelivery(viewer, order, delivery) &&
        isNextStep(delivery, 'delivered'),
    },
    createdAt: order.createdAt.toISOString(),
  };
}
