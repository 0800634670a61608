// Bundles the server into one plain ES module, so that `npm start` does not compile TypeScript at every start
// (loading through tsx cost ~0.75 s more of the 3 s cold-start budget). Packages stay external, in node_modules.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';

export const SERVER_BUNDLE = 'dist/server/main.mjs';

/**
 * `import.meta.url` keeps naming the source file (migrations and locales are found next to it), written relative to
 * the bundle so that the checkout can move.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) {
        return undefined;
      }
      const fromBundle = relative(dirname(resolve(SERVER_BUNDLE)), path);
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { loader: 'ts', contents: text.replaceAll('import.meta.url', url) };
    });
  },
};

export async function buildServer() {
  // esbuild comes with tsx (a dependency): resolved through it rather than through the hoisting of node_modules.
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  await esbuild.build({
    entryPoints: ['server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Not loaded by default (parsing it would slow the start): NODE_OPTIONS=--enable-source-maps maps stack traces.
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
}
