// MTN MoMo Open API (PAYMENTS.md): Collections' request to pay and Disbursements' transfer under our reference,
// and their status. One token per product, cached until shortly before it expires and asked again once on a 401.
// Pure transport: no queue, no database; answers are already ours (StartAnswer, StatusAnswer).
import type { MomoConfig, MomoProductConfig } from '../../config';
import { failureReasonOf, momoStatusAnswer, reasonLabel, reasonOf } from './momo-status';
import type {
  CollectionAdapter,
  DisbursementAdapter,
  MoveRequest,
  StartAnswer,
  StatusAnswer,
} from './provider';
import {
  basicAuth,
  callProvider,
  cleanDetail,
  type HttpAnswer,
  type HttpCall,
  parseJson,
} from './provider-http';
import { type NoToken, TokenCache } from './token-cache';

export interface MomoAdapterOptions {
  momo: MomoConfig;
  /** How long one HTTP call may take. */
  timeoutMs: number;
  /** The clock, for the token's expiry (tests). */
  now?: () => number;
}

type Product = 'collection' | 'disbursement';

/** Our bound on payerMessage and payeeNote (a line in the payer's history; MTN documents no limit we could find). */
const MAX_MESSAGE_CHARS = 160;
/** Reported refused by MTN in a message (sparkplug/momoapi-node#84: "&" makes the telco reject the payment). */
const REFUSED_MESSAGE_CHARS = /[&<>]/g;

type ProductAnswer = HttpAnswer | NoToken;

/** One MTN product (Collections or Disbursements): its credentials, its token and its calls. */
class MomoProduct {
  private readonly tokens: TokenCache;

  constructor(
    product: Product,
    private readonly momo: MomoConfig,
    private readonly keys: MomoProductConfig,
    private readonly timeoutMs: number,
    now?: () => number,
  ) {
    const ask = () =>
      callProvider(
        `${momo.baseUrl}/${product}/token/`,
        {
          method: 'POST',
          headers: {
            Authorization: basicAuth(keys.userId, keys.apiKey),
            'Ocp-Apim-Subscription-Key': keys.subscriptionKey,
          },
          body: '',
        },
        timeoutMs,
      );
    this.tokens = new TokenCache(ask, 'MTN token', now);
  }

  /** Bounds a detail and blanks out every credential (and the token) in case MTN echoes one back. */
  clean(text: string): string {
    const { apiKey, subscriptionKey, userId } = this.keys;
    const basic = basicAuth(userId, apiKey).slice('Basic '.length);
    return cleanDetail(text, [apiKey, subscriptionKey, userId, basic, this.tokens.current()]);
  }

  /** A product call with a token (asked again once on a 401). */
  call(path: string, call: HttpCall): Promise<ProductAnswer> {
    return this.tokens.withToken((token) => {
      const headers = {
        ...call.headers,
        Authorization: `Bearer ${token}`,
        'X-Target-Environment': this.momo.targetEnvironment,
        'Ocp-Apim-Subscription-Key': this.keys.subscriptionKey,
      };
      return callProvider(`${this.momo.baseUrl}${path}`, { ...call, headers }, this.timeoutMs);
    });
  }
}

/** The path of a product's money movements, and which party the request names. */
const MOVES = {
  collection: { path: '/collection/v1_0/requesttopay', party: 'payer' },
  disbursement: { path: '/disbursement/v1_0/transfer', party: 'payee' },
} as const;

function messageOf(text: string, fallback: string): string {
  const cleaned = text.replace(REFUSED_MESSAGE_CHARS, ' ').replace(/\s+/g, ' ').trim() || fallback;
  return [...cleaned].slice(0, MAX_MESSAGE_CHARS).join('');
}

async function startMove(api: MomoProduct, product: Product, request: MoveRequest): Promise<StartAnswer> {
  if (request.phone === null) {
    return {
      kind: 'refused',
      reason: 'no_proven_number',
      detail: 'MTN needs the number to send the prompt to',
    };
  }
  const { path, party } = MOVES[product];
  // Never empty: MTN's production answers 500 to an empty payerMessage or payeeNote.
  const body = {
    amount: request.amount,
    currency: request.currency,
    externalId: request.externalId,
    [party]: { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') },
    payerMessage: messageOf(request.payerMessage, request.externalId),
    payeeNote: messageOf(request.payeeNote, request.externalId),
  };
  const answer = await api.call(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Reference-Id': request.reference,
      ...(request.callbackUrl ? { 'X-Callback-Url': request.callbackUrl } : {}),
    },
    body: JSON.stringify(body),
  });
  return startAnswerOf(api, answer);
}

function startAnswerOf(api: MomoProduct, answer: ProductAnswer): StartAnswer {
  if (answer.kind === 'no_token') {
    const detail = api.clean(answer.detail);
    return answer.refused
      ? { kind: 'refused', reason: 'provider_error', detail }
      : { kind: 'unknown', detail };
  }
  if (answer.kind === 'failed') {
    return { kind: 'unknown', detail: api.clean(`MTN: ${answer.detail}`) };
  }
  const { status } = answer;
  const reason = reasonOf(parseJson(answer.body));
  const detail = api.clean(reasonLabel(`HTTP ${status}`, reason));
  if (status >= 200 && status < 300) {
    return { kind: 'accepted', paymentUrl: null, payToken: null, notifToken: null };
  }
  if (status === 409 && reason.code === 'RESOURCE_ALREADY_EXIST') {
    // Our reference was taken before (an answer we lost): it exists, so it is polled, never asked again.
    return { kind: 'accepted', paymentUrl: null, payToken: null, notifToken: null };
  }
  if (status >= 400 && status < 500 && status !== 409) {
    return { kind: 'refused', reason: failureReasonOf(reason.code), detail };
  }
  return { kind: 'unknown', detail };
}

async function moveStatus(api: MomoProduct, product: Product, reference: string): Promise<StatusAnswer> {
  const answer = await api.call(`${MOVES[product].path}/${encodeURIComponent(reference)}`, {
    method: 'GET',
    headers: {},
  });
  if (answer.kind === 'no_token') {
    return { kind: 'unknown', detail: api.clean(answer.detail) };
  }
  if (answer.kind === 'failed') {
    return { kind: 'unknown', detail: api.clean(`MTN: ${answer.detail}`) };
  }
  const body = parseJson(answer.body);
  if (answer.status === 200) {
    return momoStatusAnswer(body, (text) => api.clean(text));
  }
  const reason = reasonOf(body);
  if (answer.status === 404 && reason.code === 'RESOURCE_NOT_FOUND') {
    return { kind: 'not_found' };
  }
  return { kind: 'unknown', detail: api.clean(reasonLabel(`HTTP ${answer.status}`, reason)) };
}

function productOf(options: MomoAdapterOptions, product: Product): MomoProduct {
  const keys = options.momo[product];
  if (!keys) {
    throw new Error(`MTN ${product} is not configured`);
  }
  return new MomoProduct(product, options.momo, keys, options.timeoutMs, options.now);
}

/** MTN Collections: the buyer approves a request to pay on their phone. */
export class MomoCollection implements CollectionAdapter {
  private readonly api: MomoProduct;

  constructor(options: MomoAdapterOptions) {
    this.api = productOf(options, 'collection');
  }

  start(request: MoveRequest): Promise<StartAnswer> {
    return startMove(this.api, 'collection', request);
  }

  status(request: MoveRequest): Promise<StatusAnswer> {
    return moveStatus(this.api, 'collection', request.reference);
  }
}

/** MTN Disbursements: a transfer from our wallet to a seller's, an agent's or a buyer's (a refund). */
export class MomoDisbursement implements DisbursementAdapter {
  private readonly api: MomoProduct;

  constructor(options: MomoAdapterOptions) {
    this.api = productOf(options, 'disbursement');
  }

  transfer(request: MoveRequest): Promise<StartAnswer> {
    return startMove(this.api, 'disbursement', request);
  }

  status(request: MoveRequest): Promise<StatusAnswer> {
    return moveStatus(this.api, 'disbursement', request.reference);
  }
}
