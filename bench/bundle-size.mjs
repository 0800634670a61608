// Initial JavaScript per route, gzip, from the Vite build manifest (DESIGN §8 budgets): what a first load of the
// route downloads before it is drawn: the entry and what it imports, the route's lazy chunks (the signed-in shell
// and the screen) and what they import, and the French catalogues it waits for (common and validation, which
// start-up loads, and the namespaces web/app/screens.ts lists for its path). Every signed-in route of
// web/app/screens.ts is read from that file, so a new screen is measured without editing this one.
// Usage: npm run build && node bench/bundle-size.mjs   (DIST=dir to read another build)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.DIST ?? 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_SIGN_IN = 150;
const BUDGET_ROUTE = 250;
/** Issue 37's target (issue 21's before it): at most this much initial JavaScript on every route. */
const TARGET_EVERY_ROUTE = 150;

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [key, chunk]));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) {
    return seen;
  }
  seen.add(key);
  for (const dep of byFile.get(key)?.imports ?? []) {
    closure(dep, seen);
  }
  return seen;
}

const entryKey = [...byFile].find(([, c]) => c.isEntry)?.[0];
const findKey = (fragment) => [...byFile.keys()].find((k) => k.endsWith(fragment));
const size = (keys) => [...keys].reduce((sum, k) => sum + gz(byFile.get(k).file), 0);
const localeKeys = (lang, namespaces) =>
  namespaces.map((ns) => findKey(`locales/${lang}/${ns}.json`)).filter(Boolean);

/**
 * The signed-in routes of web/app/screens.ts: each one's path, the module its screen is imported from (as a
 * manifest key's ending) and its catalogues.
 */
function signedInRoutes() {
  const source = readFileSync('web/app/screens.ts', 'utf8');
  const entry =
    /'(\/[^']*)': \{\s*(?:\/\/[^\n]*\n\s*)*\.\.\.preloadable\(\(\) =>\s*import\('([^']+)'\)[\s\S]*?ns: \[([^\]]*)\]/g;
  const routes = [];
  for (const [, path, from, ns] of source.matchAll(entry)) {
    const module = `${from.startsWith('./') ? `app/${from.slice(2)}` : from.replace('../', '')}.tsx`;
    const namespaces = [...ns.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    routes.push({ name: path, lazies: ['app/signed-in-app.tsx', module], namespaces, budget: BUDGET_ROUTE });
  }
  if (routes.length === 0) {
    throw new Error('no screens found in web/app/screens.ts');
  }
  return routes;
}

const routes = [
  {
    name: 'sign-in',
    lazies: ['features/auth/components/auth-screen.tsx'],
    namespaces: ['auth'],
    budget: BUDGET_SIGN_IN,
  },
  ...signedInRoutes(),
  // A public page: no signed-in shell, the stock catalogue for its texts.
  {
    name: '/receipts/:code',
    lazies: ['app/public-receipt.tsx'],
    namespaces: ['stock'],
    budget: BUDGET_SIGN_IN,
  },
];

let failed = false;
let missed = 0;
console.log(
  `route                    initial JS (KB gzip)   DESIGN budget   target ≤ ${TARGET_EVERY_ROUTE} KB on every route`,
);
for (const route of routes) {
  const keys = closure(entryKey);
  for (const fragment of route.lazies) {
    const key = findKey(fragment);
    if (!key) {
      throw new Error(`${route.name}: no chunk for ${fragment} in the build manifest`);
    }
    closure(key, keys);
  }
  for (const key of localeKeys('fr', ['common', 'validation', ...route.namespaces])) {
    closure(key, keys);
  }
  const kb = size(keys);
  const ok = kb <= route.budget;
  failed ||= !ok;
  const met = kb <= TARGET_EVERY_ROUTE;
  missed += met ? 0 : 1;
  const target = met ? 'met' : `missed by ${(kb - TARGET_EVERY_ROUTE).toFixed(1)}`;
  console.log(
    `${route.name.padEnd(24)} ${kb.toFixed(1).padStart(8)}              ${String(route.budget).padEnd(3)} ${ok ? 'ok  ' : 'OVER'}        ${target}`,
  );
}
console.log(
  missed === 0
    ? `initial JS ≤ ${TARGET_EVERY_ROUTE} KB gzip on all ${routes.length} routes: met`
    : `initial JS ≤ ${TARGET_EVERY_ROUTE} KB gzip on every route: missed on ${missed} of ${routes.length}`,
);
// Only a DESIGN budget fails the run (the target is printed, met or missed), so that bench:web goes on to Lighthouse.
process.exitCode = failed ? 1 : 0;
