// Hooks: a lower module declares what it lets a higher one add to its work; the higher one registers at start-up.
// So a step that crosses modules runs from below without the lower module importing the higher one.

/**
 * Steps other modules add to a module's work (e.g. when a farm is created, in its transaction), each run in turn.
 * A module registers under its own name: registering again (every app instance of a process does) replaces it.
 */
export class Hook<Args extends unknown[]> {
  private readonly steps = new Map<string, (...args: Args) => Promise<void> | void>();

  constructor(readonly name: string) {}

  register(owner: string, step: (...args: Args) => Promise<void> | void): void {
    this.steps.set(owner, step);
  }

  async run(...args: Args): Promise<void> {
    for (const step of this.steps.values()) {
      await step(...args);
    }
  }
}

/**
 * One function a module needs and a higher module provides (e.g. opening the order of an accepted trade). Asking
 * before any module provided it is a start-up fault, not a case to carry on from: it throws.
 */
export class Provided<Fn extends (...args: never[]) => unknown> {
  private fn: Fn | null = null;

  constructor(readonly name: string) {}

  provide(fn: Fn): void {
    this.fn = fn;
  }

  get(): Fn {
    if (this.fn === null) {
      throw new Error(`No module provides ${this.name}: register its hooks at start-up`);
    }
    return this.fn;
  }
}
