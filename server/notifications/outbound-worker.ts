// The outbound queue's worker, one per app instance: claims due messages (other instances' claims are skipped),
// holds those in the user's quiet hours, hands the rest to their provider once, and settles each by the outcome.

import type { SendOutcome } from '../channels/send-outcome';
import type { CoreContext } from '../context';
import { held } from '../module';
import { DELIVERY_ERRORS } from './delivery-errors';
import { commodityCatalogue } from './hooks';
import type { CommodityNames } from './notifications.present';
import { configuredChannels } from './notify';
import {
  type ClaimedMessage,
  claimDue,
  giveUpStaleClaims,
  holdMessage,
  settleMessage,
} from './outbound.repo';
import { deliver } from './outbound-send';
import { quietUntil } from './quiet-hours';

/** Messages claimed at a time. */
const BATCH = 20;
/** After this many attempts a message that keeps meeting provider faults is given up (about six hours). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait before attempt `attempts + 1`: 30 s, doubling, at most an hour; a provider's Retry-After if longer. */
export function retryDelayMs(attempts: number, retryAfterMs = 0): number {
  const grown = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return Math.max(grown, Math.min(retryAfterMs, LONGEST_RETRY_MS));
}

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export class OutboundWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly ctx: Pick<CoreContext, 'db' | 'config'>,
    /** The catalogue notifications name commodities by (this instance's copy). */
    private readonly names: () => Promise<CommodityNames>,
    private readonly log: Logger = console,
  ) {}

  /** Polls every `OUTBOUND_POLL_MS` while a channel is configured. */
  start(): void {
    if (this.timer || configuredChannels(this.ctx.config.channels).length === 0) {
      return;
    }
    this.timer = setInterval(() => void this.runOnce(), this.ctx.config.channels.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.running;
  }

  /** Sends everything due now (runs one at a time; a call during a run waits for it and runs again). */
  runOnce(): Promise<number> {
    this.running = this.running
      .then(() => this.drain())
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'outbound queue run failed');
        return 0;
      });
    return this.running;
  }

  private async drain(): Promise<number> {
    const { db, config } = this.ctx;
    const channels = configuredChannels(config.channels);
    if (channels.length === 0) {
      return 0;
    }
    await giveUpStaleClaims(db);
    // Held long enough for the whole batch, one after another, each perhaps two requests (a WhatsApp text, then
    // its template): a live worker's claim never runs out under it.
    const leaseMs = 30_000 + BATCH * 2 * config.channels.timeoutMs;
    let handled = 0;
    for (;;) {
      const claimed = await claimDue(db, channels, BATCH, leaseMs);
      for (const message of claimed) {
        await this.handleAlone(message);
      }
      handled += claimed.length;
      if (claimed.length < BATCH) {
        return handled;
      }
    }
  }

  /**
   * Handles one message so that whatever goes wrong with it leaves the rest of the batch to be sent: a failure
   * once left every message claimed after it (a bot's reply among them) held until its lease ran out, then given
   * up unsent.
   */
  private async handleAlone(message: ClaimedMessage): Promise<void> {
    try {
      await this.handle(message);
    } catch (error) {
      this.log.error({ err: error, messageId: message.id }, 'outbound message could not be settled');
      await settleMessage(this.ctx.db, message.id, {
        status: 'unconfirmed',
        error: DELIVERY_ERRORS.internal,
      }).catch((again: unknown) => {
        this.log.error({ err: again, messageId: message.id }, 'outbound message left to its lease');
      });
    }
  }

  private async handle(message: ClaimedMessage): Promise<void> {
    const { db, config } = this.ctx;
    const quiet =
      message.notificationId !== null && message.quietStart && message.quietEnd && message.timeZone
        ? quietUntil(new Date(), {
            start: message.quietStart,
            end: message.quietEnd,
            timeZone: message.timeZone,
          })
        : null;
    if (quiet) {
      await holdMessage(db, message.id, quiet);
      return;
    }
    let result: { outcome: SendOutcome; viaTemplate: boolean };
    try {
      result = await deliver(config.channels, await this.names(), message);
    } catch (error) {
      // Our own fault, not the provider's: whether it left is unknown, so it is not sent again.
      this.log.error({ err: error, messageId: message.id }, 'outbound message failed');
      await settleMessage(db, message.id, { status: 'unconfirmed', error: DELIVERY_ERRORS.internal });
      return;
    }
    const settled = settlement(message, result);
    if ('error' in settled) {
      // The raw reason is for whoever runs the server: the user is shown a translated reason (delivery-errors.ts).
      this.log.warn(
        { messageId: message.id, channel: message.channel, status: settled.status, reason: settled.error },
        'outbound message not sent',
      );
    }
    await settleMessage(db, message.id, settled);
  }
}

/** What an attempt's outcome makes of the message. */
export function settlement(
  message: Pick<ClaimedMessage, 'attempts'>,
  { outcome, viaTemplate }: { outcome: SendOutcome; viaTemplate: boolean },
): Parameters<typeof settleMessage>[2] {
  switch (outcome.kind) {
    case 'sent':
      return { status: 'sent', providerMessageId: outcome.messageId, viaTemplate };
    case 'retry':
      return message.attempts >= MAX_ATTEMPTS
        ? { status: 'failed', error: `gave up after ${message.attempts} attempts: ${outcome.reason}` }
        : {
            status: 'queued',
            dueAt: new Date(Date.now() + retryDelayMs(message.attempts, outcome.retryAfterMs)),
            error: outcome.reason,
          };
    case 'refused':
      return { status: 'failed', error: outcome.reason };
    case 'outside_window':
      return { status: 'failed', error: DELIVERY_ERRORS.outsideWindow };
    case 'unconfirmed':
      return { status: 'unconfirmed', error: outcome.reason };
  }
}

/** This instance's OutboundWorker, built from its context on first use. */
export const outboundWorker = held(
  'notifications.outbound',
  (ctx) => new OutboundWorker(ctx, () => commodityCatalogue.call(ctx)),
);
