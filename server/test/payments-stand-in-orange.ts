// The Orange Money Web Payment half of the payments stand-in: token, web payment, transaction status, the payment
// page the payer opens (approve or cancel), and the notification to notif_url (PAYMENTS.md).
import { randomBytes, randomInt } from 'node:crypto';
import {
  type Answer,
  basicOf,
  bearerFor,
  isObject,
  nonEmpty,
  type OrangeMove,
  type Received,
  STAND_IN_ORANGE,
  type StandState,
  type StartModes,
  type StartResult,
  validUrl,
} from './payments-stand-in-state';

const MAX_ORDER_ID_CHARS = 30;
const MAX_LABEL_CHARS = 30;

export type OrangeRoute =
  | { kind: 'token' }
  | { kind: 'start' }
  | { kind: 'status' }
  | { kind: 'page'; payToken: string; act: 'approve' | 'reject' | null };

const API = /^\/orange-money-webpay\/([a-z]{2,3})\/v1\/(webpayment|transactionstatus)$/;
const PAGE = /^\/orange\/pay\/([A-Za-z0-9_-]+)(?:\/(approve|reject))?$/;

export function orangeRoute(received: Received): OrangeRoute | null {
  if (received.path === '/oauth/v3/token') {
    return received.method === 'POST' ? { kind: 'token' } : null;
  }
  const api = API.exec(received.path);
  if (api) {
    if (received.method !== 'POST') {
      return null;
    }
    return api[2] === 'webpayment' ? { kind: 'start' } : { kind: 'status' };
  }
  const page = PAGE.exec(received.path);
  if (page?.[1]) {
    const act = (page[2] as 'approve' | 'reject' | undefined) ?? null;
    const method = act === null ? 'GET' : 'POST';
    return received.method === method ? { kind: 'page', payToken: page[1], act } : null;
  }
  return null;
}

/** Orange's gateway errors: `{code, message, description}`. */
const error = (status: number, code: number, message: string, description: string): Answer => ({
  status,
  body: { code, message, description },
});

export function orangeToken(state: StandState, received: Received): Answer {
  const basic = basicOf(received);
  if (basic?.user !== STAND_IN_ORANGE.clientId || basic.password !== STAND_IN_ORANGE.clientSecret) {
    return {
      status: 401,
      body: {
        error: 'invalid_client',
        error_description: 'The requested service needs credentials, but the ones provided were invalid.',
      },
    };
  }
  if (new URLSearchParams(received.raw).get('grant_type') !== 'client_credentials') {
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' },
    };
  }
  const token = `orange-${randomBytes(18).toString('base64url')}`;
  state.tokens.set(token, 'orange');
  return { status: 200, body: { token_type: 'Bearer', access_token: token, expires_in: 7776000 } };
}

export function orangeRefusal(state: StandState, received: Received): Answer | null {
  if (!bearerFor(state, received, 'orange')) {
    return error(
      401,
      42,
      'Expired credentials',
      'The requested service needs credentials, and the ones provided were out-of-date.',
    );
  }
  return null;
}

export function orangeStart(state: StandState, received: Received, modes: StartModes): StartResult {
  const body = received.json;
  const country = API.exec(received.path)?.[1] ?? '';
  const orderId = isObject(body) && typeof body.order_id === 'string' ? body.order_id : null;
  const refuse = (description: string): StartResult => ({
    answer: error(400, 1, 'Bad Request', description),
    created: null,
    reference: orderId,
  });
  if (!isObject(body) || !received.headers['content-type']?.startsWith('application/json')) {
    return refuse('The body must be JSON.');
  }
  if (body.merchant_key !== STAND_IN_ORANGE.merchantKey) {
    return refuse('Invalid merchant_key.');
  }
  if (orderId === null || orderId === '' || [...orderId].length > MAX_ORDER_ID_CHARS) {
    return refuse('order_id must have 1 to 30 characters.');
  }
  if ([...state.orange.values()].some((move) => move.orderId === orderId)) {
    return refuse('order_id already used.');
  }
  const currency = typeof body.currency === 'string' ? body.currency : '';
  if (!/^[A-Z]{3}$/.test(currency) || (state.options.currency && currency !== state.options.currency)) {
    return refuse('Invalid currency.');
  }
  if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount <= 0) {
    return refuse('amount must be a positive integer.');
  }
  if (!validUrl(body.return_url) || !validUrl(body.cancel_url) || !validUrl(body.notif_url)) {
    return refuse('return_url, cancel_url and notif_url must be URLs.');
  }
  if (!nonEmpty(body.lang) || (body.reference !== undefined && !labelOk(body.reference))) {
    return refuse('lang is required and reference has at most 30 characters.');
  }
  const move: OrangeMove = {
    provider: 'orange',
    country,
    orderId,
    amount: body.amount,
    currency,
    payToken: `v1${randomBytes(16).toString('hex')}`,
    notifToken: randomBytes(16).toString('hex'),
    notifUrl: body.notif_url,
    returnUrl: body.return_url,
    cancelUrl: body.cancel_url,
    status: 'INITIATED',
    txnid: null,
    callbackDelayMs: modes.callbackDelayMs,
  };
  state.orange.set(move.payToken, move);
  const answer = {
    status: 201,
    body: {
      status: 201,
      message: 'OK',
      pay_token: move.payToken,
      payment_url: `${state.url}/orange/pay/${move.payToken}`,
      notif_token: move.notifToken,
    },
  };
  return { answer, created: move, reference: orderId };
}

const labelOk = (value: unknown) => typeof value === 'string' && [...value].length <= MAX_LABEL_CHARS;

export function orangeStatus(state: StandState, received: Received): Answer {
  const body = received.json;
  if (!isObject(body) || typeof body.pay_token !== 'string') {
    return error(400, 1, 'Bad Request', 'pay_token is required.');
  }
  const move = state.orange.get(body.pay_token);
  if (!move) {
    return error(404, 2, 'Not Found', 'No transaction for this pay_token.');
  }
  if (body.order_id !== move.orderId || body.amount !== move.amount) {
    return error(400, 1, 'Bad Request', 'order_id and amount must be those of the payment.');
  }
  return {
    status: 201,
    body: { status: move.status, order_id: move.orderId, ...(move.txnid ? { txnid: move.txnid } : {}) },
  };
}

const FINAL = new Set<OrangeMove['status']>(['SUCCESS', 'SUCCESSFULL', 'FAILED', 'CANCELLED', 'EXPIRED']);

/** The payer's hand (or the wallet control's): pay, cancel, or let the link expire. False when it is final. */
export function actOnOrange(
  state: StandState,
  move: OrangeMove,
  act: 'approve' | 'reject' | 'expire',
): boolean {
  if (FINAL.has(move.status)) {
    return false;
  }
  if (act === 'approve') {
    // Orange Cameroon says SUCCESSFULL (sic); everyone else SUCCESS.
    move.status = state.options.orangeSuccess ?? (move.country === 'cm' ? 'SUCCESSFULL' : 'SUCCESS');
    move.txnid = `MP${randomInt(1e9, 2 ** 47)}`;
  } else {
    move.status = act === 'reject' ? 'FAILED' : 'EXPIRED';
  }
  // Orange notifies a paid or failed payment; an expired link just stops working.
  if (act !== 'expire') {
    state.callBack(move);
  }
  return true;
}

/** The body Orange posts to notif_url. */
export function orangeNotification(move: OrangeMove): Record<string, unknown> {
  return {
    status: move.status === 'FAILED' ? 'FAILED' : 'SUCCESS',
    notif_token: move.notifToken,
    txnid: move.txnid ?? '',
  };
}

/** The payment page: the payer's number and one-time code are Orange's business; here, two buttons. */
export function orangePage(state: StandState, payToken: string, act: 'approve' | 'reject' | null): Answer {
  const move = state.orange.get(payToken);
  if (!move) {
    return { status: 404, body: '<!doctype html><title>Orange Money</title><p>Payment not found.</p>' };
  }
  if (act !== null) {
    actOnOrange(state, move, act);
    return { status: 303, headers: { location: act === 'approve' ? move.returnUrl : move.cancelUrl } };
  }
  const base = `/orange/pay/${move.payToken}`;
  return {
    status: 200,
    body: `<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width"><title>Orange Money</title>
<h1>Orange Money</h1><p>${move.amount} ${move.currency} — ${move.orderId}</p><p>${move.status}</p>
<form method="post" action="${base}/approve"><button>Payer</button></form>
<form method="post" action="${base}/reject"><button>Annuler</button></form></html>`,
  };
}
