// Each instance looks, on the payments queue's beat, for orders whose escrow hold has ended and releases them (the
// order's row lock makes two instances release one order once).
import type { AppContext } from '../context';
import { SerialRuns } from '../events/serial-runs';
import { held } from '../module';
import { ordersHoldingEscrow } from '../payments';
import { paymentTerms } from './escrow';
import { releaseAfterHold } from './escrow.service';
import { completedBefore } from './orders.repo';

/** Orders looked at per beat; the rest wait for the next. */
const BATCH = 200;

type Logger = { error: (obj: object, msg: string) => void };

export class EscrowReleaser {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    log: Logger = console,
  ) {
    this.runs = new SerialRuns('escrow release run', log);
  }

  /** Runs even with no provider here: money paid into escrow before (or by the demo) is still released. */
  start(): void {
    this.runs.every(this.ctx.config.payments.pollMs, () => this.release(Date.now()));
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** Releases every order whose hold has ended by `now`; answers how many it released. */
  runOnce(now = Date.now()): Promise<number> {
    return this.runs.run(() => this.release(now));
  }

  private async release(now: number): Promise<number> {
    const holding = await ordersHoldingEscrow(this.ctx.db, BATCH);
    if (holding.length === 0) {
      return 0;
    }
    const cutoff = new Date(now - paymentTerms(this.ctx.config).holdMs);
    const due = await completedBefore(this.ctx.db, holding, cutoff);
    for (const id of due) {
      await releaseAfterHold(this.ctx, id, now);
    }
    return due.length;
  }
}

/** This instance's EscrowReleaser, built from its context on first use. */
export const escrowReleaser = held('orders.escrowReleaser', (ctx) => new EscrowReleaser(ctx));
