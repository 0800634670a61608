// Background work of one instance that runs on a timer and on demand, one run at a time: a call during a run waits
// for it and then runs; a failed run is logged and the next goes on. Stopping waits for the run under way.

type Logger = { error: (obj: object, msg: string) => void };

export class SerialRuns {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> = Promise.resolve(0);

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

  /** Runs `work` after the runs before it; answers what it answers (0 when it failed). */
  run(work: () => Promise<number>): Promise<number> {
    this.running = this.running.then(work).catch((error: unknown) => {
      this.log.error({ err: error }, `${this.what} failed`);
      return 0;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.running;
  }
}
