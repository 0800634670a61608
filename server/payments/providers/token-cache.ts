// An OAuth token held for a provider (MTN per product, Orange): asked once, shared by every call made at the same
// time, kept until shortly before it expires, and asked again once when a call is answered 401.
import { type HttpAnswer, parseJson } from './provider-http';

export type NoToken = { kind: 'no_token'; refused: boolean; detail: string };
type TokenResult = { kind: 'token'; value: string } | NoToken;

/** MTN advises refreshing a token ten minutes before it expires; a short-lived one is renewed at half its life. */
const TOKEN_MARGIN_MS = 10 * 60 * 1000;
/** A token answer without `expires_in` is kept this long only. */
const FALLBACK_TOKEN_SECONDS = 600;

export class TokenCache {
  private token: { value: string; renewAt: number } | null = null;
  private fetching: Promise<TokenResult> | null = null;

  constructor(
    /** The provider's token call, made as is (credentials in it). */
    private readonly ask: () => Promise<HttpAnswer>,
    /** `MTN token`, `Orange token`: the start of every detail. */
    private readonly label: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token in use, for blanking it out of details. */
  current(): string {
    return this.token?.value ?? '';
  }

  /** `send` with a token; on a 401 the token is asked again once and `send` made again once. */
  async withToken(send: (token: string) => Promise<HttpAnswer>): Promise<HttpAnswer | NoToken> {
    const first = await this.value();
    if (first.kind === 'no_token') {
      return first;
    }
    const answer = await send(first.value);
    if (answer.kind !== 'answer' || answer.status !== 401) {
      return answer;
    }
    // Another call may have renewed it already: drop only the one that was refused.
    if (this.token?.value === first.value) {
      this.token = null;
    }
    const second = await this.value();
    return second.kind === 'no_token' ? second : send(second.value);
  }

  private value(): Promise<TokenResult> {
    if (this.token && this.now() < this.token.renewAt) {
      return Promise.resolve({ kind: 'token', value: this.token.value });
    }
    if (!this.fetching) {
      this.fetching = this.fetch().finally(() => {
        this.fetching = null;
      });
    }
    return this.fetching;
  }

  private async fetch(): Promise<TokenResult> {
    const answer = await this.ask();
    if (answer.kind === 'failed') {
      return { kind: 'no_token', refused: false, detail: `${this.label}: ${answer.detail}` };
    }
    const body = parseJson(answer.body) as { access_token?: unknown; expires_in?: unknown } | undefined;
    const value = body?.access_token;
    if (answer.status === 200 && typeof value === 'string' && value) {
      const expiresIn = Number(body?.expires_in);
      const lifeMs =
        (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : FALLBACK_TOKEN_SECONDS) * 1000;
      this.token = { value, renewAt: this.now() + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 2) };
      return { kind: 'token', value };
    }
    // A 4xx is the provider refusing our credentials: nothing can go out until they are fixed.
    const refused = answer.status >= 400 && answer.status < 500;
    return { kind: 'no_token', refused, detail: `${this.label}: HTTP ${answer.status}` };
  }
}
