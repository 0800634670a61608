import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHORT_LINK_PATH } from './contract/constants';
import { API_CACHE, LESSONS_CACHE } from './web/lib/offline-caches';

const OUT_DIR = 'dist/web';

/** Fastify does not compress static files: write .br and .gz beside every text asset at build time. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  let outDir = OUT_DIR;
  return {
    name: 'terroir-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) {
          continue;
        }
        const data = readFileSync(file);
        if (data.length < 512) {
          continue;
        }
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * NetworkFirst reads its cache only when the network failed: the page learns it from this mark (FROM_CACHE_HEADER in
 * web/lib/connectivity.ts; this code is copied into the service worker as text, so it cannot import the constant).
 */
const fromCacheMark = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) {
      return cachedResponse;
    }
    const headers = new Headers(cachedResponse.headers);
    headers.set('x-terroir-from-cache', '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    outDir: `../${OUT_DIR}`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Fewer, larger files on the first load: on a phone's slow network every file costs a round trip, and a
        // browser asks for six at a time. What start-up runs is one file besides the entry, and what every
        // signed-in screen draws (buttons, cards, header, language switch) one more, instead of about twenty.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules\/(react|react-dom|scheduler|use-sync-external-store|clsx|i18next|react-i18next|@tanstack\/query-core|@tanstack\/react-query)\/|web\/lib\/(i18n|api-client|format)\.ts|contract\/(constants|validation)\.ts|vite\/preload-helper/,
            },
            {
              name: 'shell',
              test: /web\/components\/(ui\/(button|card|badge|input|page-header)|query-state)\.tsx|@radix-ui\/react-(slot|compose-refs)\/|web\/lib\/use-media-query|web\/features\/auth\/(api\/set-language|components\/language-switcher)|lucide-react\/dist\/esm\/icons\/(sprout|users)\.mjs/,
            },
          ],
        },
      },
    },
  },
  server: { port: 3000, proxy: { '/api': { target: 'http://localhost:3001', changeOrigin: false } } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Terroir',
        short_name: 'Terroir',
        description: 'Marketplace, network and farm management / Marché, réseau et gestion de ferme',
        theme_color: '#166534',
        background_color: '#f8faf5',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The worker takes control of the page that installed it (and its other open tabs) as soon as it is
        // active, rather than from the next load: a first visit then keeps working offline without a reload.
        // (registerType autoUpdate already has a new worker skip waiting.)
        clientsClaim: true,
        skipWaiting: true,
        navigateFallback: '/index.html',
        // The API, and the short links of phone messages: the server answers them (a redirect), not the app.
        navigateFallbackDenylist: [/^\/api\//, new RegExp(`^${SHORT_LINK_PATH}`)],
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        runtimeCaching: [
          {
            // The lessons (the lists by topic and each lesson), in a cache of their own that nothing expires: a
            // lesson opened once stays readable offline, and "Save for offline" puts a topic's lessons here from
            // the page (web/features/lessons/offline-lessons.ts) under the same addresses, until its "Remove"
            // deletes them. The catalogue is small (tens of lessons of a few KB), so keeping all that was read
            // costs little; a search's answers (`q=`) are not kept here (each typed word would add one): they go to
            // the general rule below, which expires.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /^\/api\/lessons(\/[a-z0-9-]+)?$/.test(url.pathname) &&
              // The reader's privacy choice is no lesson: it follows the general rule, which expires.
              url.pathname !== '/api/lessons/privacy' &&
              !url.searchParams.has('q'),
            handler: 'NetworkFirst',
            options: {
              cacheName: LESSONS_CACHE,
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
              plugins: [fromCacheMark],
            },
          },
          {
            // Reads fall back to the last answer when the network is down. Never the live stream, nor the health
            // probe: its answer must prove that the server was reached (web/lib/connectivity.ts).
            urlPattern: ({ url, request }) =>
              url.pathname.startsWith('/api/') &&
              url.pathname !== '/api/events' &&
              url.pathname !== '/api/health' &&
              request.method === 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE,
              networkTimeoutSeconds: 8,
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              plugins: [fromCacheMark],
            },
          },
        ],
      },
    }),
    precompress(),
  ],
});
