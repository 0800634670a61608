// Initial JavaScript per screen, gzip, from the Vite build manifest (DESIGN §8 budgets): the entry and what it imports,
// the screen's lazy chunk and what it imports, and the French catalogues the screen waits for before it is drawn
// (common and validation, which start-up loads, and the namespaces web/app/screens.ts lists for its path).
// Usage: npm run build && node bench/bundle-size.mjs   (DIST=dir to read another build)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.DIST ?? 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_SIGN_IN = 150;
const BUDGET_ROUTE = 250;
/** Issue 21's target: at most this much initial JavaScript on every route. */
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
const findKey = (fragment) => [...byFile.keys()].find((k) => k.includes(fragment));
const size = (keys) => [...keys].reduce((sum, k) => sum + gz(byFile.get(k).file), 0);
const localeKeys = (lang, namespaces) =>
  namespaces.map((ns) => findKey(`locales/${lang}/${ns}.json`)).filter(Boolean);

/** The catalogues start-up loads with a signed-in screen's code: its `ns` in web/app/screens.ts. */
function screenNamespaces(path) {
  const source = readFileSync('web/app/screens.ts', 'utf8');
  const at = source.indexOf(`'${path}': {`);
  const ns = at === -1 ? null : /ns: \[([^\]]*)\]/.exec(source.slice(at));
  if (!ns) {
    throw new Error(`no namespaces for ${path} in web/app/screens.ts`);
  }
  return [...ns[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

const paths = {
  dashboard: '/',
  marketplace: '/marketplace',
  farms: '/farms',
  crops: '/crops',
  network: '/network',
  financial: '/financial',
  users: '/users',
  profile: '/profile',
  orders: '/orders',
  deliveries: '/deliveries',
  settings: '/settings',
  stock: '/stock',
};

const screens = {
  'sign-in': ['features/auth/components/auth-screen.tsx'],
  dashboard: ['app/signed-in-app.tsx', 'features/dashboard/components/dashboard-page.tsx'],
  marketplace: ['app/signed-in-app.tsx', 'features/marketplace/components/marketplace-page.tsx'],
  farms: ['app/signed-in-app.tsx', 'app/farms-screen.tsx'],
  crops: ['app/signed-in-app.tsx', 'features/crops/components/crops-page.tsx'],
  network: ['app/signed-in-app.tsx', 'features/network/components/network-page.tsx'],
  financial: ['app/signed-in-app.tsx', 'features/finance/components/financial-page.tsx'],
  users: ['app/signed-in-app.tsx', 'features/users/components/users-page.tsx'],
  profile: ['app/signed-in-app.tsx', 'features/profile/components/profile-page.tsx'],
  orders: ['app/signed-in-app.tsx', 'features/orders/components/orders-page.tsx'],
  deliveries: ['app/signed-in-app.tsx', 'features/deliveries/components/deliveries-page.tsx'],
  settings: ['app/signed-in-app.tsx', 'features/settings/components/settings-page.tsx'],
  stock: ['app/signed-in-app.tsx', 'features/stock/components/stock-page.tsx'],
  // A public page: no signed-in shell, the stock catalogue for its texts.
  receipt: ['app/public-receipt.tsx'],
};

let failed = false;
console.log('screen        initial JS (KB gzip)   DESIGN budget   issue 21 target (150 on every route)');
for (const [screen, lazies] of Object.entries(screens)) {
  const keys = closure(entryKey);
  for (const fragment of lazies) {
    const key = findKey(fragment);
    if (key) {
      closure(key, keys);
    }
  }
  const namespaces =
    screen === 'sign-in' ? ['auth'] : screen === 'receipt' ? ['stock'] : screenNamespaces(paths[screen]);
  for (const key of localeKeys('fr', ['common', 'validation', ...namespaces])) {
    closure(key, keys);
  }
  const kb = size(keys);
  const budget = screen === 'sign-in' || screen === 'receipt' ? BUDGET_SIGN_IN : BUDGET_ROUTE;
  const ok = kb <= budget;
  failed ||= !ok;
  const target = kb <= TARGET_EVERY_ROUTE ? 'met' : `missed by ${(kb - TARGET_EVERY_ROUTE).toFixed(1)}`;
  console.log(
    `${screen.padEnd(13)} ${kb.toFixed(1).padStart(8)}              ${String(budget).padEnd(3)} ${ok ? 'ok  ' : 'OVER'}        ${target}`,
  );
}
process.exitCode = failed ? 1 : 0;
