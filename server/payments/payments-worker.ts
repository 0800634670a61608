// The payments queue's worker, one per app instance: claims a due move (other instances' claims are skipped), starts
// it with its provider once, then asks its status with growing delays until it is final, and settles it.
import type { AppContext } from '../context';
import { SerialRuns } from '../events/serial-runs';
import { held } from '../module';
import { claimDueMoves, languageOf, type MoveRow, rescheduleMove } from './moves.repo';
import { type PaymentAdapters, paymentAdapters } from './payment-adapters';
import { moveRequest } from './payment-request';
import type { StatusAnswer } from './providers/provider';
import { type MoveFinal, settleMove } from './settle-move';

/** The first status question after the provider took a move, then doubling up to a minute. */
const FIRST_CHECK_MS = 5_000;
const LONGEST_CHECK_MS = 60_000;
/** A start that got no usable answer is tried again (after asking about it) from 30 s, doubling, to 10 minutes. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 10 * 60_000;
/** How long a payer has to approve (PAYMENTS.md): MTN about 5 minutes, Orange about 10; payouts need nobody. */
const APPROVAL_MS = { mtn_momo: 5 * 60_000, orange_money: 10 * 60_000 } as const;
/** After the provider's timeout, one more status question this much later before a pending move is expired. */
const LAST_LOOK_MS = 15 * 60_000;

export function growingDelayMs(attempts: number, first: number, longest: number): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), longest);
}

type Logger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export class PaymentsWorker {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    private readonly adapters: PaymentAdapters,
    private readonly log: Logger = console,
  ) {
    this.runs = new SerialRuns('payments queue run', log);
  }

  /** Polls every `PAYMENTS_POLL_MS` while a provider is configured. */
  start(): void {
    const { momo, orange } = this.ctx.config.payments;
    if (momo || orange) {
      this.runs.every(this.ctx.config.payments.pollMs, () => this.drain());
    }
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** Works through every due move (one run at a time; a call during a run waits for it and runs again). */
  runOnce(): Promise<number> {
    return this.runs.run(() => this.drain());
  }

  /**
   * Works on this one move now if nobody holds it: a new payment, or a callback's hint (then due or not: a run of
   * this instance that held it may have put its next look off after the hint came).
   */
  runMove(id: number): Promise<number> {
    return this.runs.run(async () => {
      const [move] = await claimDueMoves(this.ctx.db, { limit: 1, leaseMs: this.leaseMs(), onlyId: id });
      if (move) {
        await this.handleAlone(move);
      }
      return move ? 1 : 0;
    });
  }

  /** Long enough for a status question and a start, each up to the provider timeout: a live claim never lapses. */
  private leaseMs(): number {
    return 5_000 + 2 * this.ctx.config.payments.timeoutMs;
  }

  private async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const [move] = await claimDueMoves(this.ctx.db, { limit: 1, leaseMs: this.leaseMs() });
      if (!move) {
        return handled;
      }
      await this.handleAlone(move);
      handled++;
    }
  }

  /** A fault of ours on one move leaves it for a later look (never final: the provider may have taken it). */
  private async handleAlone(move: MoveRow): Promise<void> {
    try {
      await this.handle(move);
    } catch (error) {
      this.log.error({ err: error, moveId: move.id }, 'payment move could not be handled');
      await rescheduleMove(this.ctx.db, move.id, {
        dueAt: new Date(Date.now() + growingDelayMs(move.attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS)),
      }).catch(() => undefined);
    }
  }

  private async handle(move: MoveRow): Promise<void> {
    if (move.pooled) {
      // Kept by the operator for the co-operative: nothing to ask a provider.
      await this.settle(move, { status: 'succeeded', transactionId: `pool-${move.reference}` });
      return;
    }
    const adapter =
      move.kind === 'collection'
        ? this.adapters.collection(move.provider)
        : (() => {
            const d = this.adapters.disbursement();
            return d && { start: d.transfer.bind(d), status: d.status.bind(d) };
          })();
    if (!adapter) {
      await this.settle(move, {
        status: move.kind === 'collection' ? 'failed' : 'waiting',
        failureReason: 'not_configured',
      });
      return;
    }
    const request = moveRequest(this.ctx.config, move, await languageOf(this.ctx.db, move.userId));
    if (move.stage === 'check') {
      await this.answer(move, await adapter.status(request));
      return;
    }
    // An earlier attempt of this reference may have reached MTN (a lost answer, a crash before our commit): ask
    // first, and start only what it has never heard of. Orange pays only through the page its answer gives, so
    // an Orange start whose answer was lost moved no money and is simply made again.
    if (move.attempts > 1 && move.provider === 'mtn_momo') {
      const known = await adapter.status(request);
      if (known.kind !== 'not_found') {
        await this.answer(move, known);
        return;
      }
    }
    const started = await adapter.start(request);
    if (started.kind === 'accepted') {
      const now = Date.now();
      await rescheduleMove(this.ctx.db, move.id, {
        stage: 'check',
        paymentUrl: started.paymentUrl,
        payToken: started.payToken,
        notifToken: started.notifToken,
        deadlineAt: new Date(
          now + (move.kind === 'collection' ? APPROVAL_MS[move.provider] : APPROVAL_MS.mtn_momo),
        ),
        dueAt: new Date(now + FIRST_CHECK_MS),
      });
    } else if (started.kind === 'refused') {
      await this.settle(move, { status: 'failed', failureReason: started.reason, detail: started.detail });
    } else {
      this.log.warn({ moveId: move.id, detail: started.detail }, 'payment start got no answer');
      await rescheduleMove(this.ctx.db, move.id, {
        detail: started.detail,
        dueAt: new Date(Date.now() + growingDelayMs(move.attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS)),
      });
    }
  }

  /** What a status answer makes of a move the provider took. */
  private async answer(move: MoveRow, status: StatusAnswer): Promise<void> {
    switch (status.kind) {
      case 'succeeded':
        await this.settle(move, { status: 'succeeded', transactionId: status.transactionId });
        return;
      case 'failed':
      case 'expired':
        await this.settle(move, {
          status: move.kind === 'collection' ? status.kind : 'failed',
          failureReason: status.reason,
          detail: status.detail,
        });
        return;
      default:
        await this.later(move, status.kind === 'unknown' ? status.detail : null);
    }
  }

  /** Still pending: ask again later, growing; past the provider's timeout once more, then a collection expires. */
  private async later(move: MoveRow, detail: string | null): Promise<void> {
    const now = Date.now();
    const deadline = move.deadlineAt?.getTime() ?? now;
    const lastLook = deadline + LAST_LOOK_MS;
    if (now >= lastLook && detail === null && move.kind === 'collection') {
      await this.settle(move, { status: 'expired', failureReason: 'not_approved_in_time' });
      return;
    }
    const grown = now + growingDelayMs(move.attempts, FIRST_CHECK_MS, LONGEST_CHECK_MS);
    // A payout is never given up while its provider may still pay it: it is asked about every few minutes.
    const next = now < deadline ? Math.min(grown, deadline) : Math.max(lastLook, grown);
    await rescheduleMove(this.ctx.db, move.id, {
      stage: 'check',
      dueAt: new Date(next),
      ...(detail === null ? {} : { detail }),
    });
  }

  private settle(claimed: MoveRow, final: MoveFinal): Promise<void> {
    return settleMove(this.ctx, claimed.id, final);
  }
}

/** This instance's PaymentsWorker, built from its context on first use. */
export const paymentsWorker = held(
  'payments.worker',
  (ctx) => new PaymentsWorker(ctx, paymentAdapters.of(ctx)),
);
