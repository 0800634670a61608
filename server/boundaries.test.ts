// The server's module boundaries, read from the import graph: a module owns its tables (no other module imports
// its `*.repo.ts` or `*.schema.ts`; only `dashboard/` reads across owners, and the demo data in `demo/` writes
// through the repositories listed here), only start-up imports the demo data, and no import circles anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));
/** Folders that may read every module's tables: the cross-module read model and the database layer itself. */
const READS_ACROSS_OWNERS = new Set(['dashboard', 'db']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'migrations' ? [] : sourceFiles(path);
    }
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The server files each server file imports (relative imports resolved; type-only imports count too). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC)]
      .map((m) => resolve(dirname(file), m[1] ?? ''))
      .map((target) => (target.endsWith('.ts') ? target : `${target}.ts`))
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The demo data (`demo/`, run at start-up only) writes each module's rows through these of its repositories and
 * tables; any other import of them from `demo/` is a violation like any module's.
 */
const DEMO_WRITES = [
  'demo/farm.ts -> farms/analytics.repo.ts',
  'demo/farm.ts -> farms/farms.repo.ts',
  'demo/farm.ts -> farms/sensors.repo.ts',
  'demo/farm.ts -> farms/surveys.repo.ts',
  'demo/finance.ts -> finance/finance.repo.ts',
  'demo/market.ts -> marketplace/marketplace.schema.ts',
  'demo/network.ts -> network/connections.repo.ts',
  'demo/network.ts -> network/posts.repo.ts',
  'demo/orders-recent.ts -> orders/orders.repo.ts',
  'demo/orders.ts -> orders/orders.repo.ts',
  'demo/users.ts -> users/saved-searches.repo.ts',
  'demo/users.ts -> users/users.schema.ts',
];

const moduleOf = (file: string) => relative(ROOT, file).split('/')[0] ?? '';
const isTest = (file: string) => /\.test\.ts$/.test(file) || moduleOf(file) === 'test';

/**
 * Imports of another module's tables or queries by a module that does not own them. Tables may name other
 * modules' tables (foreign keys), and repositories may join the core accounts table (`db/schema.ts`) for names.
 */
function ownershipViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (isTest(file) || READS_ACROSS_OWNERS.has(moduleOf(file)) || file.endsWith('.schema.ts')) {
      continue;
    }
    for (const target of targets) {
      const core = relative(ROOT, target) === 'db/schema.ts';
      const allowed = core
        ? file.endsWith('.repo.ts') || ['auth', 'http'].includes(moduleOf(file))
        : !/\.(repo|schema)\.ts$/.test(target) || moduleOf(target) === moduleOf(file);
      if (!allowed) {
        out.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
  }
  return out;
}

/** Imports of the demo data (any file of `demo/`) from outside it, tests aside: only start-up may load it. */
function demoImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    isTest(file) || moduleOf(file) === 'demo'
      ? []
      : targets
          .filter((target) => moduleOf(target) === 'demo')
          .map((t) => `${relative(ROOT, file)} -> ${relative(ROOT, t)}`),
  );
}

/** Every import circle, each named by its files in order. */
function importCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') {
        cycles.push(
          [...stack.slice(stack.indexOf(target)), target].map((f) => relative(ROOT, f)).join(' -> '),
        );
      } else if (!state.has(target)) {
        visit(target);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) {
    if (!state.has(file)) {
      visit(file);
    }
  }
  return cycles;
}

const graph = importGraph(sourceFiles(ROOT));

describe('server boundaries', () => {
  it('finds a forbidden import when there is one (the check itself works)', () => {
    const a = join(ROOT, 'users/users.service.ts');
    const b = join(ROOT, 'marketplace/marketplace.schema.ts');
    expect(ownershipViolations(new Map([[a, [b]]]))).toEqual([
      'users/users.service.ts -> marketplace/marketplace.schema.ts',
    ]);
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toHaveLength(1);
    const seeding = join(ROOT, 'demo/users.ts');
    expect(demoImports(new Map([[a, [seeding]]]))).toEqual(['users/users.service.ts -> demo/users.ts']);
  });

  it("lets no module import another module's repositories or tables (the demo data only those it lists)", () => {
    expect(ownershipViolations(graph).sort()).toEqual(DEMO_WRITES);
  });

  it('has no import circles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports the demo data from start-up only', () => {
    expect(demoImports(graph)).toEqual(['main.ts -> demo/seed.ts']);
  });
});
