// Hooks and provided functions: steps run in turn, a module's second registration replaces its first, and asking
// for a function no module provided fails loudly rather than skipping a step of the chain.
import { describe, expect, it } from 'vitest';
import { Hook, Provided } from './hooks';

describe('Hook', () => {
  it('runs every registered step in turn, once per owner however often it registers', async () => {
    const hook = new Hook<[log: string[]]>('test');
    hook.register('a', (log) => {
      log.push('a1');
    });
    hook.register('b', async (log) => {
      log.push('b');
    });
    // A second app instance in the same process registers again: it replaces, it does not run twice.
    hook.register('a', (log) => {
      log.push('a2');
    });
    const log: string[] = [];
    await hook.run(log);
    expect(log).toEqual(['a2', 'b']);
  });

  it('runs nothing when no module registered', async () => {
    await expect(new Hook<[]>('empty').run()).resolves.toBeUndefined();
  });
});

describe('Provided', () => {
  it('answers the function a module provided', () => {
    const provided = new Provided<(n: number) => number>('double');
    provided.provide((n) => n * 2);
    expect(provided.get()(21)).toBe(42);
  });

  it('throws, naming what is missing, when no module provided it', () => {
    expect(() => new Provided<() => void>('the order of a trade').get()).toThrow(/the order of a trade/);
  });
});
