import { describe, expect, it } from 'vitest';
import { SerialRuns } from './serial-runs';

const quiet = { error: () => undefined };

describe('SerialRuns', () => {
  it('runs one at a time, in the order asked, and goes on after a failed run', async () => {
    const runs = new SerialRuns('test run', quiet);
    const order: string[] = [];
    const slow = runs.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('slow');
      return 1;
    });
    const failed = runs.run(async () => {
      order.push('failed');
      throw new Error('no');
    });
    const last = runs.run(async () => {
      order.push('last');
      return 3;
    });
    expect([await slow, await failed, await last]).toEqual([1, 0, 3]);
    expect(order).toEqual(['slow', 'failed', 'last']);
  });

  it('starts nothing once stopped: neither a run asked after the stop nor one queued behind the run under way', async () => {
    const runs = new SerialRuns('test run', quiet);
    const started: string[] = [];
    let release = () => {};
    const first = runs.run(async () => {
      started.push('first');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return 1;
    });
    const queued = runs.run(async () => {
      started.push('queued');
      return 2;
    });
    await Promise.resolve();
    const stopping = runs.stop();
    release();
    await stopping;
    const after = runs.run(async () => {
      started.push('after');
      return 3;
    });
    expect([await first, await queued, await after]).toEqual([1, 0, 0]);
    expect(started).toEqual(['first']);
  });
});
