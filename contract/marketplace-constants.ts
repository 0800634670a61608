// Marketplace constants the web's screens need at first render, without zod
// (contract/marketplace.ts holds the schemas).

export const GRADES = ['A', 'B', 'C'] as const;
export type Grade = (typeof GRADES)[number];

/**
 * The market price rule (server/marketplace/market-price.ts): the trades of the last this many days, or the market's
 * last PRICE_MIN_RECENT_TRADES trades when those days had fewer (contract/marketplace.ts).
 */
export const PRICE_WINDOW_DAYS = 7;
