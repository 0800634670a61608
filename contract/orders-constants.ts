// Order constants the web's screens need at first render, without zod (contract/orders.ts holds the schemas).
export const ORDER_STATUSES = [
  'awaiting_delivery',
  'in_transit',
  'delivered',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const HANDOVER_CODE_LENGTH = 6;
/** Deliveries waiting longer than this are flagged on the operations view. */
export const STALE_DELIVERY_DAYS = 3;
