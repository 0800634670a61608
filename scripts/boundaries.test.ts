// The repository's boundaries, read from its import graph (server, web, contract and the tooling around them):
// each rule is proved to find a planted violation in a small graph and to pass a clean one, then run on the real one.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contractOutsideImports,
  featureCrossImports,
  type ImportGraph,
  importCycles,
  moduleFaceViolations,
  readImportGraph,
  seedingViolations,
  sharedWebUpwardImports,
  tableOwnershipViolations,
  upwardImportViolations,
  webServerImports,
} from './boundaries';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

/** Each rule with a graph holding exactly one violation of it, and a graph it must pass. */
const PLANTED: {
  rule: string;
  check: (graph: ImportGraph) => string[];
  violating: Record<string, string[]>;
  violation: string;
  clean: Record<string, string[]>;
}[] = [
  {
    rule: "a module imports another module's tables",
    check: tableOwnershipViolations,
    violating: { 'server/users/users.service.ts': ['server/marketplace/marketplace.schema.ts'] },
    violation: 'server/users/users.service.ts -> server/marketplace/marketplace.schema.ts',
    clean: {
      'server/users/users.service.ts': ['server/users/users.repo.ts'],
      'server/dashboard/dashboard.repo.ts': ['server/marketplace/marketplace.schema.ts'],
      'server/orders/orders.repo.ts': ['server/db/schema.ts'],
    },
  },
  {
    rule: 'an import circle',
    check: importCycles,
    violating: { 'web/lib/a.ts': ['web/lib/b.ts'], 'web/lib/b.ts': ['web/lib/a.ts'] },
    violation: 'web/lib/a.ts -> web/lib/b.ts -> web/lib/a.ts',
    clean: { 'web/lib/a.ts': ['web/lib/b.ts'], 'web/lib/b.ts': [] },
  },
  {
    rule: 'demo seeding imported outside start-up',
    check: seedingViolations,
    violating: {
      'server/main.ts': ['server/demo/seed.ts'],
      'server/users/users.service.ts': ['server/demo/accounts.ts'],
      'server/demo/seed.ts': ['server/demo/users.ts'],
    },
    violation: 'server/users/users.service.ts -> server/demo/accounts.ts',
    clean: { 'server/main.ts': ['server/demo/seed.ts'], 'server/demo/seed.ts': ['server/demo/users.ts'] },
  },
  {
    rule: "a module reaches past another module's index.ts",
    check: moduleFaceViolations,
    violating: {
      'server/orders/orders.service.ts': ['server/finance/books.ts'],
      'server/finance/index.ts': ['server/finance/books.ts'],
      'server/finance/books.ts': [],
    },
    violation: 'server/orders/orders.service.ts -> server/finance/books.ts',
    clean: {
      'server/orders/orders.service.ts': ['server/finance/index.ts', 'server/users/users.present.ts'],
      'server/orders/orders.test.ts': ['server/finance/books.ts'],
      'server/finance/index.ts': ['server/finance/books.ts'],
      'server/finance/books.ts': [],
      // users/ has no index.ts yet: nothing is checked against it.
      'server/users/users.present.ts': [],
      // A foreign key names the table itself; the read model joins other modules' tables.
      'server/orders/orders.schema.ts': ['server/finance/finance.schema.ts'],
      'server/dashboard/dashboard.repo.ts': [
        'server/finance/finance.schema.ts',
        'server/finance/finance.repo.ts',
      ],
      'server/finance/finance.schema.ts': [],
      'server/finance/finance.repo.ts': [],
    },
  },
  {
    rule: 'a lower layer imports a module',
    check: upwardImportViolations,
    violating: { 'server/http/access.ts': ['server/auth/sessions.ts', 'server/http/errors.ts'] },
    violation: 'server/http/access.ts -> server/auth/sessions.ts',
    clean: {
      'server/http/access.ts': ['server/http/errors.ts', 'server/db/client.ts'],
      'server/auth/sessions.ts': ['server/http/errors.ts'],
    },
  },
  {
    rule: 'something but start-up imports app.ts',
    check: upwardImportViolations,
    violating: { 'server/orders/orders.service.ts': ['server/app.ts'] },
    violation: 'server/orders/orders.service.ts -> server/app.ts',
    clean: {
      'server/boot.ts': ['server/app.ts'],
      'server/test/harness.ts': ['server/app.ts'],
      'bench/server.ts': ['server/app.ts'],
    },
  },
  {
    rule: 'a web feature imports another',
    check: featureCrossImports,
    violating: { 'web/features/orders/orders-page.tsx': ['web/features/farms/components/stat.tsx'] },
    violation: 'web/features/orders/orders-page.tsx -> web/features/farms/components/stat.tsx',
    clean: {
      'web/features/orders/orders-page.tsx': [
        'web/features/orders/api/orders.ts',
        'web/components/ui/card.tsx',
      ],
    },
  },
  {
    rule: 'shared web code imports a feature or the app',
    check: sharedWebUpwardImports,
    violating: { 'web/components/ui/card.tsx': ['web/app/layout.tsx'] },
    violation: 'web/components/ui/card.tsx -> web/app/layout.tsx',
    clean: { 'web/app/layout.tsx': ['web/components/ui/card.tsx'] },
  },
  {
    rule: 'the web imports the server',
    check: webServerImports,
    violating: { 'web/features/farms/components/stat.tsx': ['server/farms/agronomy/types.ts'] },
    violation: 'web/features/farms/components/stat.tsx -> server/farms/agronomy/types.ts',
    clean: { 'web/features/farms/components/stat.tsx': ['contract/analysis.ts'] },
  },
  {
    rule: 'the contract imports something outside contract/',
    check: contractOutsideImports,
    violating: { 'contract/farms.ts': ['contract/text.ts', 'web/lib/format.ts'] },
    violation: 'contract/farms.ts -> web/lib/format.ts',
    clean: { 'contract/farms.ts': ['contract/text.ts'] },
  },
];

describe('each boundary rule finds a planted violation', () => {
  for (const { rule, check, violating, violation, clean } of PLANTED) {
    it(`${rule}: found in a graph holding one, none in a clean graph`, () => {
      expect(check(graphOf(violating))).toEqual([violation]);
      expect(check(graphOf(clean))).toEqual([]);
    });
  }
});

describe('the repository keeps its boundaries', () => {
  const graph = readImportGraph(ROOT);

  it('reads the whole import graph (server, web, contract and tooling)', () => {
    const files = [...graph.keys()];
    for (const folder of ['server/', 'web/', 'contract/', 'bench/', 'scripts/', 'e2e/']) {
      expect(
        files.some((file) => file.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    expect(graph.get('server/main.ts')).toContain('server/boot.ts');
    expect(graph.get('server/boot.ts')).toContain('server/app.ts');
  });

  it("lets no module import another module's repositories or tables", () => {
    expect(tableOwnershipViolations(graph)).toEqual([]);
  });

  it('has no import circles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports the demo seeding from start-up only', () => {
    expect(seedingViolations(graph)).toEqual([]);
  });

  it('lets a module import another only through its index.ts', () => {
    expect(moduleFaceViolations(graph)).toEqual([]);
  });

  it('has no import running up from a lower layer into a module, and app.ts imported by start-up only', () => {
    expect(upwardImportViolations(graph)).toEqual([]);
  });

  it('keeps web features apart, and shared web code under them', () => {
    expect(featureCrossImports(graph)).toEqual([]);
    expect(sharedWebUpwardImports(graph)).toEqual([]);
  });

  it('keeps the web off the server', () => {
    expect(webServerImports(graph)).toEqual([]);
  });

  it('keeps the contract standing alone', () => {
    expect(contractOutsideImports(graph)).toEqual([]);
  });
});
