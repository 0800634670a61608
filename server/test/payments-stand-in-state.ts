// What the mobile-money stand-in keeps (tokens, payments, balances, counters), the shapes its MTN and Orange
// halves share, and the stand-in's public types. No test framework here: the phone simulator runs it under node.

export type PaymentsProvider = 'momo' | 'orange';
export type MomoProduct = 'collection' | 'disbursement';

/** The credentials the stand-in accepts (the app is given the same through momoEnv / orangeEnv). */
export const STAND_IN_MOMO = {
  collection: {
    subscriptionKey: 'stand-in-collection-subscription-key',
    userId: '2f1c6a0e-6c4b-4c8e-9a51-3b0f6f1e2a10',
    apiKey: 'stand-in-collection-api-key-0001',
  },
  disbursement: {
    subscriptionKey: 'stand-in-disbursement-subscription-key',
    userId: '7d3e9b42-1a5f-4e0c-8b6d-5c2a9f8e4b21',
    apiKey: 'stand-in-disbursement-api-key-0002',
  },
} as const;

export const STAND_IN_ORANGE = {
  clientId: 'stand-in-orange-client-id',
  clientSecret: 'stand-in-orange-client-secret',
  merchantKey: 'stand-in-orange-merchant-key',
} as const;

export interface PaymentsStandInOptions {
  /**
   * Where to listen on 127.0.0.1 (default: any free port). The phone simulator fixes it, so that the MOMO_BASE_URL a
   * server was started with stays right from one run of the simulator to the next.
   */
  port?: number;
  /** Accept only this currency; default: whichever the app asks in (its deployment currency). */
  currency?: string;
  /** MTN's X-Target-Environment the stand-in expects (default `sandbox`). */
  targetEnvironment?: string;
  /**
   * MTN prompts to a number outside the sandbox list: `auto` succeeds at once (the sandbox's way), `wallet`
   * waits for `wallet.approve` / `wallet.reject` (the phone simulator's way).
   */
  prompts?: 'auto' | 'wallet';
  /** MTN's `reason` on a failed status: a string, or an object `{code, message}` (default). */
  reasonShape?: 'string' | 'object';
  /** The Disbursements account's balance in the currency's main unit (default one billion). */
  disbursementBalance?: number;
  /** Seconds in `expires_in` of MTN's tokens (default 3600). */
  tokenExpiresIn?: number;
  /** What Orange's status says of a paid payment; default `SUCCESSFULL` (sic) for country `cm`, else `SUCCESS`. */
  orangeSuccess?: 'SUCCESS' | 'SUCCESSFULL';
}

/** One HTTP request as the stand-in received it. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case names, as node gives them. */
  headers: Record<string, string>;
  raw: string;
  /** The parsed JSON body, undefined when it was not JSON. */
  json: unknown;
}

export interface Answer {
  status: number;
  /** A string goes as text (HTML when it starts with `<`), anything else as JSON; undefined: empty. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a request to pay, a transfer or a web payment came to, once the stand-in has read it. */
export interface StartResult {
  answer: Answer;
  /** The payment it created (null: refused, or a reused reference). */
  created: MomoMove | OrangeMove | null;
  reference: string | null;
}

export interface MomoMove {
  provider: 'momo';
  product: MomoProduct;
  reference: string;
  amount: string;
  currency: string;
  externalId: string;
  phone: string;
  payerMessage: string;
  payeeNote: string;
  status: 'PENDING' | 'ONGOING' | 'DELAYED' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  financialTransactionId: string | null;
  /** What it becomes when the polls run out (null: it waits for the wallet). */
  outcome: { status: 'SUCCESSFUL' | 'FAILED'; reason: string | null } | null;
  pollsLeft: number;
  callbackUrl: string | null;
  callbackDelayMs: number | null;
}

export interface OrangeMove {
  provider: 'orange';
  /** From the path: `dev`, `cm`, `ci`… */
  country: string;
  orderId: string;
  amount: number;
  currency: string;
  payToken: string;
  notifToken: string;
  notifUrl: string;
  returnUrl: string;
  cancelUrl: string;
  status: 'INITIATED' | 'PENDING' | 'SUCCESS' | 'SUCCESSFULL' | 'FAILED' | 'CANCELLED' | 'EXPIRED';
  txnid: string | null;
  callbackDelayMs: number | null;
}

/** Payment-level modes a start takes from the script (see PaymentsBehaviour). */
export interface StartModes {
  callbackDelayMs: number | null;
  pendingPolls: number;
  fail: string | null;
}

export interface StandState {
  url: string;
  options: PaymentsStandInOptions;
  /** Every token handed out, and what it is good for. */
  tokens: Map<string, MomoProduct | 'orange'>;
  momo: Map<string, MomoMove>;
  /** By pay_token. */
  orange: Map<string, OrangeMove>;
  balances: Record<MomoProduct, number>;
  /** Sends a payment's callback (MTN) or notification (Orange) once, after its delay. */
  callBack(move: MomoMove | OrangeMove): void;
}

export const momoKey = (product: MomoProduct, reference: string) => `${product}:${reference}`;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A currency's decimals as the runtime's ISO 4217 tables give them (a code it cannot read: none). */
export function currencyDigits(code: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 0
    );
  } catch {
    return 0;
  }
}

export function validUrl(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The token in `Authorization: Bearer …`, when it is one the stand-in gave for `product`. */
export function bearerFor(state: StandState, received: Received, product: MomoProduct | 'orange'): boolean {
  const match = /^Bearer (\S+)$/.exec(received.headers.authorization ?? '');
  return match?.[1] !== undefined && state.tokens.get(match[1]) === product;
}

/** The user and password in `Authorization: Basic …`. */
export function basicOf(received: Received): { user: string; password: string } | null {
  const match = /^Basic (\S+)$/.exec(received.headers.authorization ?? '');
  if (!match?.[1]) {
    return null;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A test's mode for the next requests to a provider, taken in order (see `script`). */
export type PaymentsBehaviour =
  // For the next product call (a start, a status, a balance):
  /** Answer this HTTP status (500, 503…; body default `{code, message}`); nothing is taken. */
  | { status: number; body?: unknown }
  /** Take the request (a start creates its payment as usual), then close the connection without answering. */
  | { drop: true }
  /** Take it, and answer only after this long (a timeout). */
  | { hangMs: number }
  /** Answer 401 as if the token had expired (and it has: the stand-in forgets it). */
  | { tokenExpired: true }
  // For the next payment started:
  /** Call back (MTN) or notify (Orange) once, this long after the payment became final (default: at once). */
  | { callbackAfterMs: number }
  /** Never call back. */
  | { noCallback: true; pendingPolls?: number }
  /** MTN: answer PENDING to this many status questions before the final status (and call back, or not). */
  | { pendingPolls: number; noCallback?: true; callbackAfterMs?: number }
  /** MTN: end FAILED with this reason (e.g. NOT_ENOUGH_FUNDS), whatever the number. */
  | { fail: string };

export interface RecordedPaymentRequest {
  provider: PaymentsProvider;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  /** The status answered; null while unanswered or when the connection was dropped. */
  answered: number | null;
}

export interface SentCallback {
  provider: PaymentsProvider;
  url: string;
  method: 'PUT' | 'POST';
  body: unknown;
  /** Our app's answer; null when it did not answer. */
  status: number | null;
}

/** A request to pay, transfer or web payment as it arrives, taken or not, before it is answered. */
export interface StartEvent {
  provider: PaymentsProvider;
  kind: 'requesttopay' | 'transfer' | 'webpayment';
  /** X-Reference-Id (MTN) or order_id (Orange). */
  reference: string | null;
  accepted: boolean;
  body: unknown;
}

export interface PaymentsWallet {
  /** The payer approves (or the payee's transfer goes through): false when it is not pending. */
  approve(reference: string): boolean;
  reject(reference: string): boolean;
  expire(reference: string): boolean;
  /** How many requests to pay / transfers / web payments arrived under this reference (refused ones too). */
  requests(reference: string): number;
  /** The provider's record of it (MTN by X-Reference-Id, Orange by order_id). */
  payment(reference: string): MomoMove | OrangeMove | undefined;
  /** MTN's accounts, in the currency's main unit (the disbursement one can be set to make payouts fail). */
  balances: { collection: number; disbursement: number };
}

export interface PaymentsStandIn {
  /** `http://127.0.0.1:<port>`: MOMO_BASE_URL and ORANGE_BASE_URL. */
  url: string;
  options: PaymentsStandInOptions;
  requests: RecordedPaymentRequest[];
  callbacks: SentCallback[];
  wallet: PaymentsWallet;
  /** What the next requests to a provider get, in order, before normal answers resume. */
  script(provider: PaymentsProvider, ...behaviours: PaymentsBehaviour[]): void;
  /** Called when a start arrives, after the stand-in took it and before it answers (awaited). */
  onRequest(listener: (event: StartEvent) => void | Promise<void>): () => void;
  /** Resolves when every callback scheduled so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}
