// Orange Money Web Payment (PAYMENTS.md): start a payment whose page the payer opens, and ask its status with
// the pay_token the start gave. One cached token; Orange has no disbursement here. Pure transport, like momo.ts.
import type { FailureReason } from '../../../contract/payments';
import type { OrangeConfig } from '../../config';
import type { CollectionAdapter, MoveRequest, StartAnswer, StatusAnswer } from './provider';
import { basicAuth, callProvider, cleanDetail, type HttpAnswer, parseJson } from './provider-http';
import { type NoToken, TokenCache } from './token-cache';

export interface OrangeAdapterOptions {
  orange: OrangeConfig;
  timeoutMs: number;
  /** Where Orange's page sends the payer back (`?payment=<reference>`, `&cancelled=1` when they gave up). */
  returnUrl: string;
  now?: () => number;
}

/** Orange's limits on order_id and on the label shown to the payer. */
const MAX_ORDER_ID_CHARS = 30;
const MAX_LABEL_CHARS = 30;

const PENDING = new Set(['INITIATED', 'PENDING']);
/** `SUCCESSFULL` (sic) is what Orange Cameroon answers. */
const SUCCEEDED = new Set(['SUCCESS', 'SUCCESSFULL', 'SUCCESSFUL']);
const FAILED = new Set(['FAILED', 'CANCELLED']);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export class OrangeWebPayment implements CollectionAdapter {
  private readonly tokens: TokenCache;

  constructor(private readonly options: OrangeAdapterOptions) {
    const { orange, timeoutMs } = options;
    const ask = () =>
      callProvider(
        `${orange.baseUrl}/oauth/v3/token`,
        {
          method: 'POST',
          headers: {
            Authorization: basicAuth(orange.clientId, orange.clientSecret),
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: 'grant_type=client_credentials',
        },
        timeoutMs,
      );
    this.tokens = new TokenCache(ask, 'Orange token', options.now);
  }

  async start(request: MoveRequest): Promise<StartAnswer> {
    const { orange } = this.options;
    if ([...request.reference].length > MAX_ORDER_ID_CHARS) {
      return {
        kind: 'refused',
        reason: 'provider_error',
        detail: 'Orange order_id longer than 30 characters',
      };
    }
    // Orange takes whole units only (XOF, XAF, OUV have no decimals).
    const amount = wholeAmount(request.amount);
    if (amount === null) {
      return { kind: 'refused', reason: 'invalid_currency', detail: 'Orange takes whole amounts only' };
    }
    const back = `${this.options.returnUrl}?payment=${encodeURIComponent(request.reference)}`;
    const body = {
      merchant_key: orange.merchantKey,
      currency: request.currency,
      order_id: request.reference,
      amount,
      return_url: back,
      cancel_url: `${back}&cancelled=1`,
      notif_url: request.callbackUrl ?? back,
      lang: request.language,
      reference: [...(request.payerMessage.trim() || request.externalId)].slice(0, MAX_LABEL_CHARS).join(''),
    };
    const answer = await this.call('webpayment', body);
    return this.startAnswerOf(answer);
  }

  async status(request: MoveRequest): Promise<StatusAnswer> {
    if (request.payToken === null) {
      // Without the start's answer the payer never got the page: nothing can have been paid under it.
      return { kind: 'not_found' };
    }
    const answer = await this.call('transactionstatus', {
      order_id: request.reference,
      amount: wholeAmount(request.amount) ?? 0,
      pay_token: request.payToken,
    });
    if (answer.kind !== 'answer') {
      return { kind: 'unknown', detail: this.clean(answer.detail) };
    }
    const body = parseJson(answer.body) as Record<string, unknown> | undefined;
    if (answer.status === 404) {
      return { kind: 'not_found' };
    }
    const status = text(body?.status)?.toUpperCase();
    if (answer.status !== 200 && answer.status !== 201) {
      return { kind: 'unknown', detail: this.clean(`Orange HTTP ${answer.status} ${messageOf(body)}`) };
    }
    return statusAnswerOf(status ?? null, text(body?.txnid), (line) => this.clean(line));
  }

  private startAnswerOf(answer: HttpAnswer | NoToken): StartAnswer {
    if (answer.kind === 'no_token') {
      const detail = this.clean(answer.detail);
      return answer.refused
        ? { kind: 'refused', reason: 'provider_error', detail }
        : { kind: 'unknown', detail };
    }
    if (answer.kind === 'failed') {
      return { kind: 'unknown', detail: answer.detail };
    }
    const body = parseJson(answer.body) as Record<string, unknown> | undefined;
    const detail = this.clean(`Orange HTTP ${answer.status} ${messageOf(body)}`);
    if (answer.status === 201 || answer.status === 200) {
      const paymentUrl = text(body?.payment_url);
      const payToken = text(body?.pay_token);
      if (paymentUrl && payToken) {
        return { kind: 'accepted', paymentUrl, payToken, notifToken: text(body?.notif_token) };
      }
      return { kind: 'unknown', detail: this.clean('Orange start answer without pay_token or payment_url') };
    }
    // A 4xx: Orange did not make the page, so the payer cannot pay under this reference.
    if (answer.status >= 400 && answer.status < 500) {
      return { kind: 'refused', reason: 'provider_error', detail };
    }
    return { kind: 'unknown', detail };
  }

  /** A call under `/orange-money-webpay/{country}/v1/`, with the token asked again once on a 401. */
  private async call(path: 'webpayment' | 'transactionstatus', body: unknown): Promise<HttpAnswer | NoToken> {
    const { orange, timeoutMs } = this.options;
    const url = `${orange.baseUrl}/orange-money-webpay/${orange.country}/v1/${path}`;
    const send = (token: string) =>
      callProvider(
        url,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
        },
        timeoutMs,
      );
    return this.tokens.withToken(send);
  }

  private clean(line: string): string {
    const { orange } = this.options;
    const basic = basicAuth(orange.clientId, orange.clientSecret).slice(6);
    const secrets = [orange.clientSecret, orange.merchantKey, orange.clientId, basic, this.tokens.current()];
    return cleanDetail(line, secrets);
  }
}

/** What Orange's transaction status says, in our terms. */
export function statusAnswerOf(
  status: string | null,
  txnid: string | null,
  clean: (line: string) => string,
): StatusAnswer {
  if (status === null) {
    return { kind: 'unknown', detail: 'Orange status answer without a status' };
  }
  if (PENDING.has(status)) {
    return { kind: 'pending' };
  }
  if (SUCCEEDED.has(status)) {
    return { kind: 'succeeded', transactionId: txnid };
  }
  const reason: FailureReason = 'rejected';
  if (FAILED.has(status)) {
    return { kind: 'failed', reason, detail: clean(`Orange ${status}`) };
  }
  if (status === 'EXPIRED') {
    return { kind: 'expired', reason: 'not_approved_in_time', detail: 'Orange EXPIRED' };
  }
  return { kind: 'unknown', detail: clean(`Orange status ${status} not understood`) };
}

/** `15000` or `15000.00` as 15000; anything with a fraction, null. */
function wholeAmount(amount: string): number | null {
  const whole = /^(\d+)(?:\.0+)?$/.exec(amount.trim());
  return whole?.[1] ? Number(whole[1]) : null;
}

function messageOf(body: Record<string, unknown> | undefined): string {
  return [
    text(body?.code) ?? (typeof body?.code === 'number' ? String(body.code) : null),
    text(body?.message),
    text(body?.description),
  ]
    .filter((part) => part !== null)
    .join(' ');
}
