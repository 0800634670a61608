// Constants shared by server and web, without zod, so the web's first screen does not load the validator.
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The id of the JSON block in which the server writes a page's session (`TPageSession`). */
export const PAGE_SESSION_ID = 'terroir-session';
/** The sign-in screen's query parameter naming the page to go to once signed in (`/?next=/orders`). */
export const NEXT_PARAM = 'next';
/**
 * Where the short links of SMS and WhatsApp messages start (`/n/<token>`): a page the server answers (a redirect),
 * never the app's, so the service worker and the app leave it to the network.
 */
export const SHORT_LINK_PATH = '/n/';

export const ROLES = ['farmer', 'agent', 'delivery', 'buyer', 'manager'] as const;
export type Role = (typeof ROLES)[number];
export const SELF_REGISTER_ROLES = ['farmer', 'buyer'] as const;

/** Query freshness and refresh intervals of the spec (§9), in milliseconds. */
export const INTERVALS = {
  profileStale: 30_000,
  commoditiesStale: 30_000,
  posts: 30_000,
  market: 30_000,
  financials: 30_000,
  analytics: 60_000,
} as const;

/** Lengths of time in milliseconds. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The largest value of a PostgreSQL `integer` column (ids, cents and kilograms of the marketplace). */
export const MAX_INT4 = 2_147_483_647;

/** The largest page a list route answers (the marketplace screen reads one page of this size). */
export const MAX_PAGE_LIMIT = 200;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

/** Response header with the cursor of the next page of a list: absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Header carrying how many users match a directory query (all pages). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Where the farm map's tiles come from (OpenStreetMap's standard layer): the one image origin the CSP allows. */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';
/**
 * The smallest farm, plot or crop plan (ha): a square metre. Below it an area is no field, and a harvest divided by
 * it overflowed (yields per hectare past the largest float: a 500 on every read of the plan).
 */
export const MIN_AREA_HA = 0.0001;

/** Where stock is kept: a farmer's own store, a co-operative's, or a warehouse (an operator's). */
export const STORE_KINDS = ['home', 'coop', 'warehouse'] as const;
