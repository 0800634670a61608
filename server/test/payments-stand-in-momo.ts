// The MTN MoMo half of the payments stand-in: tokens per product, request to pay and transfer (checked the way
// MTN checks them), their status, balances, and the sandbox's number-driven outcomes (PAYMENTS.md).
import { randomInt } from 'node:crypto';
import {
  type Answer,
  basicOf,
  bearerFor,
  currencyDigits,
  isObject,
  type MomoMove,
  type MomoProduct,
  momoKey,
  nonEmpty,
  type Received,
  STAND_IN_MOMO,
  type StandState,
  type StartModes,
  type StartResult,
  validUrl,
} from './payments-stand-in-state';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Outcome = MomoMove['outcome'];

/** The sandbox's payer (and payee) numbers: `waits` stays ONGOING / DELAYED until the wallet acts. */
const SANDBOX: Record<string, { outcome: Outcome; waits?: 'ONGOING' | 'DELAYED' }> = {
  '46733123450': { outcome: { status: 'FAILED', reason: null } },
  '46733123451': { outcome: { status: 'FAILED', reason: 'APPROVAL_REJECTED' } },
  '46733123452': { outcome: { status: 'FAILED', reason: 'EXPIRED' } },
  '46733123453': { outcome: null, waits: 'ONGOING' },
  '46733123454': { outcome: null, waits: 'DELAYED' },
  '46733123455': { outcome: { status: 'FAILED', reason: 'PAYER_NOT_FOUND' } },
  '46733123461': { outcome: { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' } },
  '46733123462': { outcome: { status: 'FAILED', reason: 'SERVICE_UNAVAILABLE' } },
  '46733123463': { outcome: { status: 'FAILED', reason: 'COULD_NOT_PERFORM_TRANSACTION' } },
};

const MOVE_PATH = { collection: 'requesttopay', disbursement: 'transfer' } as const;
const PARTY = { collection: 'payer', disbursement: 'payee' } as const;

export type MomoRoute =
  | { kind: 'token'; product: MomoProduct }
  | { kind: 'start'; product: MomoProduct }
  | { kind: 'status'; product: MomoProduct; reference: string }
  | { kind: 'balance'; product: MomoProduct };

const ROUTE =
  /^\/(collection|disbursement)\/(?:(token)\/?|v1_0\/(requesttopay|transfer|account\/balance)(?:\/([^/]+))?)$/;

export function momoRoute(received: Received): MomoRoute | null {
  const match = ROUTE.exec(received.path);
  const product = match?.[1] as MomoProduct | undefined;
  if (!match || !product) {
    return null;
  }
  const [, , token, what, reference] = match;
  if (token) {
    return received.method === 'POST' ? { kind: 'token', product } : null;
  }
  if (what === 'account/balance') {
    return received.method === 'GET' && !reference ? { kind: 'balance', product } : null;
  }
  if (what !== MOVE_PATH[product]) {
    return null;
  }
  if (reference) {
    return received.method === 'GET'
      ? { kind: 'status', product, reference: decodeURIComponent(reference) }
      : null;
  }
  return received.method === 'POST' ? { kind: 'start', product } : null;
}

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});

export function momoToken(state: StandState, received: Received, product: MomoProduct): Answer {
  const keys = STAND_IN_MOMO[product];
  if (received.headers['ocp-apim-subscription-key'] !== keys.subscriptionKey) {
    return subscriptionRefused();
  }
  const basic = basicOf(received);
  if (basic?.user !== keys.userId || basic.password !== keys.apiKey) {
    return { status: 401, body: { error: 'login_failed' } };
  }
  const token = `momo-${product}-${randomInt(1e9)}-${Date.now()}`;
  state.tokens.set(token, product);
  return {
    status: 200,
    body: {
      access_token: token,
      token_type: 'access_token',
      expires_in: state.options.tokenExpiresIn ?? 3600,
    },
  };
}

function subscriptionRefused(): Answer {
  return {
    status: 401,
    body: {
      statusCode: 401,
      message:
        'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
    },
  };
}

/** What every product call must carry: the product's subscription key, one of its tokens, the environment. */
export function momoRefusal(state: StandState, received: Received, product: MomoProduct): Answer | null {
  if (received.headers['ocp-apim-subscription-key'] !== STAND_IN_MOMO[product].subscriptionKey) {
    return subscriptionRefused();
  }
  if (!bearerFor(state, received, product)) {
    return error(401, 'UNAUTHORIZED', 'Access token is missing, invalid or expired.');
  }
  if (received.headers['x-target-environment'] !== (state.options.targetEnvironment ?? 'sandbox')) {
    return error(403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
  }
  return null;
}

/** A request to pay or a transfer, checked the way MTN checks it; `modes` from the test's script. */
export function momoStart(
  state: StandState,
  received: Received,
  product: MomoProduct,
  modes: StartModes,
): StartResult {
  const reference = received.headers['x-reference-id'] ?? null;
  const refuse = (answer: Answer): StartResult => ({ answer, created: null, reference });
  if (!reference || !UUID_V4.test(reference)) {
    return refuse(error(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID version 4.'));
  }
  const callbackUrl = received.headers['x-callback-url'] ?? null;
  if (callbackUrl !== null && !validUrl(callbackUrl)) {
    return refuse(error(400, 'INVALID_CALLBACK_URL_HOST', 'Callback URL is not valid.'));
  }
  const body = received.json;
  const party = isObject(body) ? body[PARTY[product]] : undefined;
  if (
    !received.headers['content-type']?.startsWith('application/json') ||
    !isObject(body) ||
    !nonEmpty(body.externalId) ||
    !isObject(party) ||
    party.partyIdType !== 'MSISDN' ||
    typeof party.partyId !== 'string' ||
    !/^\d{6,15}$/.test(party.partyId)
  ) {
    return refuse(error(400, 'INVALID_REQUEST', 'The request body is not valid.'));
  }
  const currency = typeof body.currency === 'string' ? body.currency : '';
  if (!/^[A-Z]{3}$/.test(currency) || (state.options.currency && currency !== state.options.currency)) {
    return refuse(error(400, 'INVALID_CURRENCY', 'Currency not supported.'));
  }
  if (!validAmount(body.amount, currency)) {
    return refuse(error(400, 'INVALID_AMOUNT', 'Amount must be a string of the currency main unit.'));
  }
  // MTN's production answers 500 to an empty message: the stand-in does the same, so it is never sent.
  if (!nonEmpty(body.payerMessage) || !nonEmpty(body.payeeNote)) {
    return refuse(error(500, 'INTERNAL_PROCESSING_ERROR', 'An internal error occurred.'));
  }
  if (state.momo.has(momoKey(product, reference))) {
    return refuse(
      error(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.'),
    );
  }
  const sandbox = SANDBOX[party.partyId];
  const move: MomoMove = {
    provider: 'momo',
    product,
    reference,
    amount: body.amount as string,
    currency,
    externalId: body.externalId,
    phone: party.partyId,
    payerMessage: body.payerMessage,
    payeeNote: body.payeeNote,
    status: sandbox?.waits ?? 'PENDING',
    reason: null,
    financialTransactionId: null,
    outcome: outcomeOf(state, product, sandbox, modes),
    pollsLeft: modes.pendingPolls,
    callbackUrl,
    callbackDelayMs: modes.callbackDelayMs,
  };
  state.momo.set(momoKey(product, reference), move);
  return { answer: { status: 202 }, created: move, reference };
}

function outcomeOf(
  state: StandState,
  product: MomoProduct,
  sandbox: (typeof SANDBOX)[string] | undefined,
  modes: StartModes,
): Outcome {
  if (modes.fail !== null) {
    return { status: 'FAILED', reason: modes.fail };
  }
  if (sandbox) {
    const reason = sandbox.outcome?.reason;
    // A transfer's party is the payee: the same number names the payee in its reason.
    return sandbox.outcome && reason === 'PAYER_NOT_FOUND' && product === 'disbursement'
      ? { status: 'FAILED', reason: 'PAYEE_NOT_FOUND' }
      : sandbox.outcome;
  }
  return state.options.prompts === 'wallet' ? null : { status: 'SUCCESSFUL', reason: null };
}

function validAmount(amount: unknown, currency: string): amount is string {
  if (typeof amount !== 'string') {
    return false;
  }
  const digits = currencyDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${digits}})?$`);
  return pattern.test(amount) && Number(amount) > 0;
}

/** Ends a payment whose time has come (no polls left, an outcome known), then calls back once. */
export function settleMomo(state: StandState, move: MomoMove): void {
  if (
    move.outcome === null ||
    move.pollsLeft > 0 ||
    move.status === 'SUCCESSFUL' ||
    move.status === 'FAILED'
  ) {
    return;
  }
  finish(state, move, move.outcome);
}

function finish(state: StandState, move: MomoMove, outcome: NonNullable<Outcome>): void {
  const amount = Number(move.amount);
  let final = outcome;
  if (final.status === 'SUCCESSFUL' && move.product === 'disbursement') {
    if (amount > state.balances.disbursement) {
      final = { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' };
    } else {
      state.balances.disbursement -= amount;
    }
  } else if (final.status === 'SUCCESSFUL') {
    state.balances.collection += amount;
  }
  move.status = final.status;
  move.reason = final.reason;
  move.financialTransactionId = final.status === 'SUCCESSFUL' ? String(randomInt(1e9, 2 ** 47)) : null;
  if (move.callbackUrl !== null) {
    state.callBack(move);
  }
}

/** The wallet's hand on a prompt still pending: approve, reject, or let it expire. False when it is final. */
export function actOnMomo(state: StandState, move: MomoMove, act: 'approve' | 'reject' | 'expire'): boolean {
  if (move.status === 'SUCCESSFUL' || move.status === 'FAILED') {
    return false;
  }
  const outcomes = {
    approve: { status: 'SUCCESSFUL', reason: null },
    reject: { status: 'FAILED', reason: 'APPROVAL_REJECTED' },
    expire: { status: 'FAILED', reason: 'EXPIRED' },
  } as const;
  finish(state, move, outcomes[act]);
  return true;
}

export function momoStatus(state: StandState, product: MomoProduct, reference: string): Answer {
  const move = state.momo.get(momoKey(product, reference));
  if (!move) {
    return error(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
  }
  if (move.pollsLeft > 0) {
    move.pollsLeft -= 1;
    return { status: 200, body: momoStatusBody(state, move) };
  }
  settleMomo(state, move);
  return { status: 200, body: momoStatusBody(state, move) };
}

/** The status answer, which is also the callback's body. */
export function momoStatusBody(state: StandState, move: MomoMove): Record<string, unknown> {
  const reason =
    move.status !== 'FAILED' || move.reason === null
      ? undefined
      : state.options.reasonShape === 'string'
        ? move.reason
        : { code: move.reason, message: `The transaction failed: ${move.reason}` };
  return {
    ...(move.financialTransactionId ? { financialTransactionId: move.financialTransactionId } : {}),
    externalId: move.externalId,
    amount: move.amount,
    currency: move.currency,
    [PARTY[move.product]]: { partyIdType: 'MSISDN', partyId: move.phone },
    payerMessage: move.payerMessage,
    payeeNote: move.payeeNote,
    status: move.status,
    ...(reason === undefined ? {} : { reason }),
  };
}

export function momoBalance(state: StandState, product: MomoProduct): Answer {
  const currency = state.options.currency ?? [...state.momo.values()].at(-1)?.currency ?? 'EUR';
  return { status: 200, body: { availableBalance: String(state.balances[product]), currency } };
}
