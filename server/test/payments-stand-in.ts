// A local stand-in for MTN MoMo (Collections, Disbursements, tokens) and Orange Money Web Payment, for tests and
// the phone simulator's wallet: it checks requests the way the providers do, answers in their formats (PAYMENTS.md),
// records everything, calls back, follows the sandbox's numbers, and can be scripted to fail in the ways the real
// ones do. Plain node only (no test framework), so `npm run phone` can start it too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  actOnMomo,
  type MomoRoute,
  momoBalance,
  momoRefusal,
  momoRoute,
  momoStart,
  momoStatus,
  momoStatusBody,
  momoToken,
  settleMomo,
} from './payments-stand-in-momo';
import {
  actOnOrange,
  type OrangeRoute,
  orangeNotification,
  orangePage,
  orangeRefusal,
  orangeRoute,
  orangeStart,
  orangeStatus,
  orangeToken,
} from './payments-stand-in-orange';
import {
  type Answer,
  type MomoMove,
  momoKey,
  type OrangeMove,
  type PaymentsBehaviour,
  type PaymentsProvider,
  type PaymentsStandIn,
  type PaymentsStandInOptions,
  type PaymentsWallet,
  type Received,
  type RecordedPaymentRequest,
  type SentCallback,
  STAND_IN_MOMO,
  STAND_IN_ORANGE,
  type StandState,
  type StartEvent,
  type StartModes,
  type StartResult,
} from './payments-stand-in-state';
import { callBackOnce, orderIdOf, receive, reply, scriptedAnswer } from './payments-stand-in-wire';

// The rest of the public types (PaymentsBehaviour, PaymentsWallet, RecordedPaymentRequest, SentCallback, MomoMove,
// OrangeMove) are in ./payments-stand-in-state.
export type { PaymentsStandIn, PaymentsStandInOptions, StartEvent } from './payments-stand-in-state';
export { STAND_IN_MOMO, STAND_IN_ORANGE } from './payments-stand-in-state';

/** The secret the app puts in MTN callback URLs in tests (PAYMENTS_CALLBACK_KEY). */
export const STAND_IN_CALLBACK_KEY = 'stand-in-callback-key-0123456789';

/** The app's settings for MTN MoMo (both products) pointed at the stand-in. */
export function momoEnv(
  stand: PaymentsStandIn,
  options: { callbackKey?: string } = {},
): Record<string, string> {
  const { collection, disbursement } = STAND_IN_MOMO;
  return {
    MOMO_BASE_URL: stand.url,
    MOMO_TARGET_ENVIRONMENT: stand.options.targetEnvironment ?? 'sandbox',
    MOMO_COLLECTION_SUBSCRIPTION_KEY: collection.subscriptionKey,
    MOMO_COLLECTION_USER_ID: collection.userId,
    MOMO_COLLECTION_API_KEY: collection.apiKey,
    MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: disbursement.subscriptionKey,
    MOMO_DISBURSEMENT_USER_ID: disbursement.userId,
    MOMO_DISBURSEMENT_API_KEY: disbursement.apiKey,
    // Without a currency of its own the stand-in takes the deployment's, which MTN is then asked in.
    ...(stand.options.currency ? { MOMO_CURRENCY: stand.options.currency } : {}),
    PAYMENTS_CALLBACK_KEY: options.callbackKey ?? STAND_IN_CALLBACK_KEY,
  };
}

/** The app's settings for Orange Money pointed at the stand-in (`country` `cm` answers SUCCESSFULL). */
export function orangeEnv(
  stand: PaymentsStandIn,
  options: { country?: string } = {},
): Record<string, string> {
  return {
    ORANGE_BASE_URL: stand.url,
    ORANGE_CLIENT_ID: STAND_IN_ORANGE.clientId,
    ORANGE_CLIENT_SECRET: STAND_IN_ORANGE.clientSecret,
    ORANGE_MERCHANT_KEY: STAND_IN_ORANGE.merchantKey,
    ORANGE_COUNTRY: options.country ?? 'dev',
    ...(stand.options.currency ? { ORANGE_CURRENCY: stand.options.currency } : {}),
  };
}

const CALL_KEYS = ['status', 'drop', 'hangMs', 'tokenExpired'] as const;
const isCallBehaviour = (b: PaymentsBehaviour) => CALL_KEYS.some((key) => key in b);

/** Everything one running stand-in holds besides the providers' own records (those are in `state`). */
interface Stand {
  state: StandState;
  scripts: Record<PaymentsProvider, PaymentsBehaviour[]>;
  timers: Set<NodeJS.Timeout>;
  inFlight: Set<Promise<void>>;
  listeners: Set<(event: StartEvent) => void | Promise<void>>;
  requests: RecordedPaymentRequest[];
  callbacks: SentCallback[];
  /** Starts received per reference. */
  counts: Map<string, number>;
}

export async function startPaymentsStandIn(options: PaymentsStandInOptions = {}): Promise<PaymentsStandIn> {
  const stand: Stand = {
    state: {
      url: '',
      options,
      tokens: new Map(),
      momo: new Map(),
      orange: new Map(),
      balances: { collection: 0, disbursement: options.disbursementBalance ?? 1_000_000_000 },
      callBack: (move) => callBack(stand, move),
    },
    scripts: { momo: [], orange: [] },
    timers: new Set(),
    inFlight: new Set(),
    listeners: new Set(),
    requests: [],
    callbacks: [],
    counts: new Map(),
  };
  const server = createServer((req, res) => {
    void receive(req)
      .then((received) => handle(stand, received, req, res))
      .catch(() => {
        reply(res, null, {
          status: 500,
          body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'Stand-in fault.' },
        });
      });
  });
  await new Promise<void>((resolve, reject) => {
    // A port in use is the caller's to report (the simulator names its option), not a crash.
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  stand.state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: stand.state.url,
    options,
    requests: stand.requests,
    callbacks: stand.callbacks,
    wallet: walletOf(stand),
    script(provider, ...behaviours) {
      for (const behaviour of behaviours) {
        if (provider === 'orange' && ('pendingPolls' in behaviour || 'fail' in behaviour)) {
          throw new Error(
            `stand-in: ${JSON.stringify(behaviour)} is for MTN; Orange's outcome is the wallet's`,
          );
        }
      }
      stand.scripts[provider].push(...behaviours);
    },
    onRequest(listener) {
      stand.listeners.add(listener);
      return () => stand.listeners.delete(listener);
    },
    async settled() {
      while (stand.inFlight.size > 0) {
        await Promise.all([...stand.inFlight]);
      }
    },
    close() {
      for (const timer of stand.timers) {
        clearTimeout(timer);
      }
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function later(stand: Stand, ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    stand.timers.delete(timer);
    run();
  }, ms);
  stand.timers.add(timer);
}

/** MTN's callback (PUT, the status body) or Orange's notification (POST), once, after the payment's delay. */
function callBack(stand: Stand, move: MomoMove | OrangeMove): void {
  if (move.callbackDelayMs === null) {
    return;
  }
  const delayMs = move.callbackDelayMs;
  later(stand, delayMs, () => {
    const sent: SentCallback =
      move.provider === 'momo'
        ? {
            provider: 'momo',
            url: move.callbackUrl ?? '',
            method: 'PUT',
            body: momoStatusBody(stand.state, move),
            status: null,
          }
        : {
            provider: 'orange',
            url: move.notifUrl,
            method: 'POST',
            body: orangeNotification(move),
            status: null,
          };
    stand.callbacks.push(sent);
    const done: Promise<void> = callBackOnce(sent).finally(() => stand.inFlight.delete(done));
    stand.inFlight.add(done);
  });
}

function walletOf(stand: Stand): PaymentsWallet {
  const { state } = stand;
  const find = (reference: string) =>
    state.momo.get(momoKey('collection', reference)) ??
    state.momo.get(momoKey('disbursement', reference)) ??
    [...state.orange.values()].find((move) => move.orderId === reference);
  const act = (reference: string, what: 'approve' | 'reject' | 'expire') => {
    const move = find(reference);
    if (!move) {
      return false;
    }
    return move.provider === 'momo' ? actOnMomo(state, move, what) : actOnOrange(state, move, what);
  };
  return {
    approve: (reference) => act(reference, 'approve'),
    reject: (reference) => act(reference, 'reject'),
    expire: (reference) => act(reference, 'expire'),
    requests: (reference) => stand.counts.get(reference) ?? 0,
    payment: find,
    balances: state.balances,
  };
}

/** The first behaviour of the kind wanted (per call, or per payment started), taken out of the queue. */
function take(stand: Stand, provider: PaymentsProvider, call: boolean): PaymentsBehaviour | undefined {
  const queue = stand.scripts[provider];
  const index = queue.findIndex((b) => isCallBehaviour(b) === call);
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

function modesOf(behaviour: PaymentsBehaviour | undefined): StartModes {
  const modes: StartModes = { callbackDelayMs: 0, pendingPolls: 0, fail: null };
  // One behaviour may name several modes of the same payment (pending for some polls, and no callback).
  if (behaviour && 'noCallback' in behaviour) {
    modes.callbackDelayMs = null;
  }
  if (behaviour && 'callbackAfterMs' in behaviour && typeof behaviour.callbackAfterMs === 'number') {
    modes.callbackDelayMs = behaviour.callbackAfterMs;
  }
  if (behaviour && 'pendingPolls' in behaviour && typeof behaviour.pendingPolls === 'number') {
    modes.pendingPolls = behaviour.pendingPolls;
  }
  if (behaviour && 'fail' in behaviour && typeof behaviour.fail === 'string') {
    modes.fail = behaviour.fail;
  }
  return modes;
}

type Route = { momo: MomoRoute; orange: null } | { momo: null; orange: OrangeRoute };

function routeOf(received: Received): Route | null {
  const momo = momoRoute(received);
  if (momo) {
    return { momo, orange: null };
  }
  const orange = orangeRoute(received);
  return orange ? { momo: null, orange } : null;
}

async function handle(
  stand: Stand,
  received: Received,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { state } = stand;
  const route = routeOf(received);
  const record: RecordedPaymentRequest = {
    provider: route?.orange ? 'orange' : 'momo',
    method: received.method,
    path: received.path,
    headers: received.headers,
    body: received.json ?? received.raw,
    answered: null,
  };
  if (route === null) {
    reply(res, record, { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'No such path.' } });
    return;
  }
  stand.requests.push(record);
  const { momo, orange } = route;
  if (momo?.kind === 'token' || orange?.kind === 'token') {
    reply(res, record, momo ? momoToken(state, received, momo.product) : orangeToken(state, received));
    return;
  }
  if (orange?.kind === 'page') {
    reply(res, record, orangePage(state, orange.payToken, orange.act));
    return;
  }
  const behaviour = take(stand, record.provider, true);
  const early =
    scriptedAnswer(state, received, behaviour) ??
    (momo ? momoRefusal(state, received, momo.product) : orangeRefusal(state, received));
  if (momo?.kind === 'start' || orange?.kind === 'start') {
    await handleStart(stand, received, route, early, (answer) =>
      deliver(stand, req, res, record, answer, behaviour),
    );
    return;
  }
  const answer =
    early ??
    (momo?.kind === 'status'
      ? momoStatus(state, momo.product, momo.reference)
      : momo?.kind === 'balance'
        ? momoBalance(state, momo.product)
        : orangeStatus(state, received));
  deliver(stand, req, res, record, answer, behaviour);
}

/** A request to pay, transfer or web payment: counted, taken (unless refused), shown to listeners, answered. */
async function handleStart(
  stand: Stand,
  received: Received,
  route: Route,
  early: Answer | null,
  answerWith: (answer: Answer) => void,
): Promise<void> {
  const { state } = stand;
  const provider: PaymentsProvider = route.momo ? 'momo' : 'orange';
  const reference = route.momo ? (received.headers['x-reference-id'] ?? null) : orderIdOf(received.json);
  if (reference !== null) {
    stand.counts.set(reference, (stand.counts.get(reference) ?? 0) + 1);
  }
  const modes = modesOf(take(stand, provider, false));
  let result: StartResult | null = null;
  if (early === null) {
    result =
      route.momo?.kind === 'start'
        ? momoStart(state, received, route.momo.product, modes)
        : orangeStart(state, received, modes);
  }
  const kind = route.momo
    ? route.momo.product === 'collection'
      ? 'requesttopay'
      : 'transfer'
    : 'webpayment';
  const accepted = result?.created != null;
  for (const listener of stand.listeners) {
    await listener({ provider, kind, reference, accepted, body: received.json ?? received.raw });
  }
  answerWith(early ?? result?.answer ?? { status: 500 });
  if (result?.created?.provider === 'momo') {
    settleMomo(state, result.created);
  }
}

function deliver(
  stand: Stand,
  req: IncomingMessage,
  res: ServerResponse,
  record: RecordedPaymentRequest,
  answer: Answer,
  behaviour: PaymentsBehaviour | undefined,
): void {
  if (behaviour && 'drop' in behaviour) {
    req.socket.destroy();
  } else if (behaviour && 'hangMs' in behaviour) {
    later(stand, behaviour.hangMs, () => reply(res, record, answer));
  } else {
    reply(res, record, answer);
  }
}
