// Each instance looks, on the payments queue's beat, for active agreements whose delivery window (and the grace
// days after it) has ended and settles them by what was delivered (the agreement's row lock makes two instances settle one agreement once).
import { AGREEMENT_SETTLE_GRACE_DAYS } from '../../contract/forward-agreements';
import type { AppContext } from '../context';
import { SerialRuns } from '../events/serial-runs';
import { today } from '../finance';
import { held } from '../module';
import { orderStatesOf } from '../orders';
import { outcomeOf } from './agreement-math';
import { endAgreement } from './agreement-money';
import { deliveredKgOf } from './agreements.present';
import { agreementsPastWindow, deliveriesOf, findAgreement } from './agreements.repo';

/** Agreements settled per beat; the rest wait for the next. */
const BATCH = 50;

type Logger = { error: (obj: object, msg: string) => void };

export class AgreementSettler {
  private readonly runs: SerialRuns;

  constructor(
    private readonly ctx: AppContext,
    log: Logger = console,
  ) {
    this.runs = new SerialRuns('forward agreement settlement run', log);
  }

  start(): void {
    this.runs.every(this.ctx.config.payments.pollMs, () => this.settle(today()));
  }

  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** Settles every active agreement whose window and grace days ended before `day`; answers how many it settled. */
  runOnce(day = today()): Promise<number> {
    return this.runs.run(() => this.settle(day));
  }

  private async settle(day: string): Promise<number> {
    // Windows that ended more than the grace days before `day`.
    const cutoff = new Date(Date.parse(`${day}T00:00:00Z`) - AGREEMENT_SETTLE_GRACE_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const due = await agreementsPastWindow(this.ctx.db, cutoff, BATCH);
    let settled = 0;
    for (const id of due) {
      const result = await this.ctx.db.transaction(async (tx) => {
        const agreement = await findAgreement(tx, id, true);
        // Settled (or disputed) meanwhile by another instance or a manager.
        if (agreement?.status !== 'active' || agreement.deliveryTo >= cutoff) {
          return null;
        }
        const deliveries = await deliveriesOf(tx, [id]);
        const states = await orderStatesOf(
          tx,
          deliveries.map((d) => d.orderId),
        );
        return endAgreement(
          this.ctx,
          tx,
          agreement,
          outcomeOf(agreement, deliveredKgOf(deliveries, states)),
          null,
        );
      });
      if (result) {
        settled += 1;
        await result.wake();
      }
    }
    return settled;
  }
}

/** This instance's AgreementSettler, built from its context on first use. */
export const agreementSettler = held('agreements.settler', (ctx) => new AgreementSettler(ctx));
