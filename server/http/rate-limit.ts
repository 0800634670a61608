// A fixed-window counter per key, for limits that only protect this instance (writes, registrations, streams);
// limits that must hold across instances are in shared-limit.ts.
import { AppError } from './errors';

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit for `key`; false when the window is full (for callers that answer a refusal their own way). */
  allow(key: string, now = Date.now()): boolean {
    try {
      this.hit(key, now);
      return true;
    } catch {
      return false;
    }
  }

  /** Counts one hit for `key`; throws a 429 with Retry-After when the window is full. */
  hit(key: string, now = Date.now()): void {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    if (window.count >= this.limit) {
      throw tooManyRequests(Math.ceil((window.start + this.windowMs - now) / 1000));
    }
    window.count += 1;
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) {
      return;
    }
    for (const [key, w] of this.windows) {
      if (now - w.start >= this.windowMs) {
        this.windows.delete(key);
      }
    }
  }
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError('rateLimited', 'errors.rateLimited', { seconds }, { 'retry-after': String(seconds) });
}
