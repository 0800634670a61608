// The module kernel: state an instance holds is its own per context, and hooks are filled once, by name.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppContext } from './context';
import { declaredHooks, held, hook } from './module';
import { MODULES } from './modules';

const ROOT = dirname(fileURLToPath(import.meta.url));
/** Folders of the core, which serve every module and are not modules themselves. */
const CORE = new Set(['cache', 'channels', 'db', 'demo', 'events', 'http', 'test']);

const contextOf = () => ({ held: new Map() }) as unknown as AppContext;

describe('held state', () => {
  it('builds once per instance context and never shares it with another instance', () => {
    let builds = 0;
    const counter = held('test.counter', () => ({ id: ++builds }));
    const first = contextOf();
    const second = contextOf();
    expect(counter.of(first)).toBe(counter.of(first));
    expect(counter.of(second)).not.toBe(counter.of(first));
    expect(builds).toBe(2);
  });

  it('keeps two accessors of the same name apart', () => {
    const a = held('test.same', () => 'a');
    const b = held('test.same', () => 'b');
    const ctx = contextOf();
    expect([a.of(ctx), b.of(ctx)]).toEqual(['a', 'b']);
  });
});

describe('hooks', () => {
  it('calls the filler with the caller’s arguments once filled', () => {
    const double = hook<(n: number) => number>('test.double');
    double.fill((n) => n * 2).apply();
    expect(double.call(21)).toBe(42);
  });

  it('throws naming the hook when no module filled it', () => {
    const unfilled = hook<() => void>('test.unfilled');
    expect(() => unfilled.call()).toThrow(/test\.unfilled/);
  });
});

describe('the module list', () => {
  it('names every module folder once, each definition by its folder', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !CORE.has(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
    for (const folder of folders) {
      expect(readdirSync(join(ROOT, folder))).toContain('index.ts');
    }
  });

  it('fills every hook a lower module declares, once, from a module after it in the list', () => {
    const fillers = MODULES.flatMap((m) => (m.fills ?? []).map((f) => f.hook));
    expect(new Set(fillers).size).toBe(fillers.length);
    const moduleHooks = declaredHooks().filter((name) => !name.startsWith('test.'));
    expect([...fillers].sort()).toEqual([...moduleHooks].sort());
    for (const [position, module] of MODULES.entries()) {
      for (const filling of module.fills ?? []) {
        const owner = filling.hook.split('.')[0];
        const ownerAt = MODULES.findIndex((m) => m.name === owner);
        expect(ownerAt, `${module.name} fills ${filling.hook}`).toBeGreaterThanOrEqual(0);
        expect(ownerAt, `${module.name} fills ${filling.hook} of a module above it`).toBeLessThan(position);
      }
    }
  });
});
