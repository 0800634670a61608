// Background work of one instance that runs on a timer and on demand, one run at a time: a call during a run waits
// for it and then runs; a failed run is logged and the next goes on. Stopping waits for the run under way, and no
// run starts after it (a chain of runs asked before the stop, a settlement's payouts say, ends there).

type Logger = { error: (obj: object, msg: string) => void };

export class SerialRuns {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> = Promise.resolve(0);
  private stopped = false;

  constructor(
    /** What the log says failed. */
    private readonly what: string,
    private readonly log: Logger = console,
  ) {}

  /** Runs `work` every `everyMs` until stopped (a second start changes nothing). */
  every(everyMs: number, work: () => Promise<number>): void {
    if (this.timer) {
      return;
    }
    this.timer = setInterval(() => void this.run(work), everyMs);
    this.timer.unref();
  }

  /** Runs `work` after the runs before it; answers what it answers (0 when it failed, or when stopped). */
  run(work: () => Promise<number>): Promise<number> {
    if (this.stopped) {
      return Promise.resolve(0);
    }
    // One asked before the stop but not started by then does not start either.
    this.running = this.running
      .then(() => (this.stopped ? 0 : work()))
      .catch((error: unknown) => {
        this.log.error({ err: error }, `${this.what} failed`);
        return 0;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.running;
  }
}
