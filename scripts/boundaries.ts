// The repository's import graph and the boundary rules over it, as pure functions (boundaries.test.ts runs them).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import ts from 'typescript';

/** file → the files it imports, every path relative to the repository root with '/' separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The folders whose files are read; tooling (bench, scripts, e2e) is read so its imports of the app count too. */
const SCANNED = ['contract', 'server', 'web', 'bench', 'scripts', 'e2e'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'migrations', 'dist', 'public', 'locales']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const RESOLVED_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) {
    return [];
  }
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(root, path);
    }
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier as the file it names (the bundler's resolution: extension and index optional). */
function resolveSpecifier(root: string, from: string, specifier: string): string {
  const base = normalize(join(dirname(from), specifier))
    .split(sep)
    .join('/');
  for (const suffix of RESOLVED_SUFFIXES) {
    const candidate = `${base}${suffix}`;
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) {
      return candidate;
    }
  }
  return base;
}

/**
 * Every relative import of every source file under root: static, side-effect, re-export, dynamic `import()`,
 * type-only too (TypeScript's own pre-processor finds them, so a multi-line or odd import cannot slip by).
 */
export function readImportGraph(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(root, dir))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveSpecifier(root, file, specifier));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

// --- Where a file sits -------------------------------------------------------------------------------------------

/** The server's folders that are layers under the modules, not modules. */
const SERVER_LAYERS = new Set(['http', 'db', 'events', 'cache', 'channels', 'test']);
/** The server's files outside any folder that are layers under the modules. */
const SERVER_LAYER_FILES = new Set(['server/config.ts', 'server/context.ts', 'server/module.ts']);
/** Layers that never import a module (server/test/ is a test helper, so it may). */
const LOWER_LAYERS = new Set(['http', 'db', 'events', 'cache', 'channels']);
/**
 * Folders that may read every module's tables: the cross-module read model, the database layer itself, and the
 * demo data (`demo/`), which start-up alone loads to fill every module's tables as the test factories do.
 */
const READS_ACROSS_OWNERS = new Set(['dashboard', 'db', 'demo']);
/** The demo data's folder: not a module (nothing imports it but start-up), so it has no face to go through. */
const DEMO = 'demo';

/** Tests, test helpers and tooling: they may reach inside what they exercise. */
export function isTestOrTooling(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /^(server\/test|bench|scripts|e2e)\//.test(file);
}

/** The server module a file belongs to ('farms' for server/farms/analytics/x.ts); null outside modules. */
export function serverModuleOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server' || parts.length < 3) {
    return null;
  }
  const folder = parts[1] ?? '';
  return SERVER_LAYERS.has(folder) || folder === DEMO ? null : folder;
}

/** The web feature a file belongs to ('farms' for web/features/farms/components/x.tsx); null outside features. */
function webFeatureOf(file: string): string | null {
  const match = /^web\/features\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

const edges = (graph: ImportGraph) =>
  [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })));
const named = (list: { file: string; target: string }[]) =>
  list.map(({ file, target }) => `${file} -> ${target}`).sort();

// --- The rules: each returns its violations as 'importer -> imported' ---------------------------------------------

/**
 * A module owns its tables: no other module imports its `*.repo.ts` or `*.schema.ts`. Tables may name other
 * modules' tables (foreign keys), repositories may join the core accounts table (`db/schema.ts`) for names, and
 * `dashboard/` (the cross-module read model) and `db/` read across owners.
 */
export function tableOwnershipViolations(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(({ file, target }) => {
      const folder = file.split('/')[1] ?? '';
      if (
        !file.startsWith('server/') ||
        isTestOrTooling(file) ||
        READS_ACROSS_OWNERS.has(folder) ||
        file.endsWith('.schema.ts')
      ) {
        return false;
      }
      if (target === 'server/db/schema.ts') {
        return !(file.endsWith('.repo.ts') || ['auth', 'http'].includes(folder));
      }
      return (
        target.startsWith('server/') && /\.(repo|schema)\.ts$/.test(target) && target.split('/')[1] !== folder
      );
    }),
  );
}

/** Every import circle, each named by its files in order. */
export function importCycles(graph: ImportGraph): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(target)), target].join(' -> '));
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

/** Only start-up (`server/main.ts` → `server/demo/seed.ts`) imports the demo data (any file of `server/demo/`). */
export function seedingViolations(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(
      ({ file, target }) =>
        target.startsWith(`server/${DEMO}/`) &&
        !file.startsWith(`server/${DEMO}/`) &&
        !isTestOrTooling(file) &&
        !(file === 'server/main.ts' && target === `server/${DEMO}/seed.ts`),
    ),
  );
}

/**
 * A module imports another module only through its public face, `server/<module>/index.ts` — for every module
 * that has one (a module without an index.ts has not declared its face yet, so nothing is checked against it).
 * Two imports reach past the face by design, as the ownership rule allows them: a table naming another module's
 * table for a foreign key (`*.schema.ts` → `*.schema.ts`: through index.ts it would be a circle), and the read
 * model (`dashboard/`) joining other modules' tables and queries.
 */
export function moduleFaceViolations(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(({ file, target }) => {
      const from = serverModuleOf(file);
      const to = serverModuleOf(target);
      if (from === null || to === null || from === to || isTestOrTooling(file)) {
        return false;
      }
      const foreignKey = file.endsWith('.schema.ts') && target.endsWith('.schema.ts');
      const readModel = READS_ACROSS_OWNERS.has(from) && /\.(repo|schema)\.ts$/.test(target);
      const face = `server/${to}/index.ts`;
      return graph.has(face) && target !== face && !foreignKey && !readModel;
    }),
  );
}

/**
 * No arrow runs up: the layers under the modules (http, db, events, cache, channels, the config and the contexts)
 * never import a module, and only start-up (`server/boot.ts`, which `server/main.ts` calls) imports `server/app.ts`
 * (tests and tooling aside).
 */
export function upwardImportViolations(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(({ file, target }) => {
      if (isTestOrTooling(file)) {
        return false;
      }
      if (target === 'server/app.ts') {
        return file !== 'server/boot.ts';
      }
      const lower = SERVER_LAYER_FILES.has(file) || LOWER_LAYERS.has(file.split('/')[1] ?? '');
      return file.startsWith('server/') && lower && serverModuleOf(target) !== null;
    }),
  );
}

/** Web features never import each other: what two need goes to web/lib or web/components. */
export function featureCrossImports(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(({ file, target }) => {
      const from = webFeatureOf(file);
      const to = webFeatureOf(target);
      return from !== null && to !== null && from !== to;
    }),
  );
}

/** Shared web code (web/lib, web/components) never imports a feature or the app shell (shared → features → app). */
export function sharedWebUpwardImports(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(
      ({ file, target }) => /^web\/(lib|components)\//.test(file) && /^web\/(features|app)\//.test(target),
    ),
  );
}

/** The web app never imports the server: what both need lives in contract/. */
export function webServerImports(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(({ file, target }) => file.startsWith('web/') && target.startsWith('server/')),
  );
}

/** The contract imports nothing of ours outside contract/ (both sides import it, so it must stand alone). */
export function contractOutsideImports(graph: ImportGraph): string[] {
  return named(
    edges(graph).filter(
      ({ file, target }) => file.startsWith('contract/') && !target.startsWith('contract/'),
    ),
  );
}
