import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER_ORIGIN = 'http://localhost:8080';

/**
 * Paths the API server answers. Matched as whole path segments so that `/as` does not also
 * catch `/assets` or a future `/ascii` page.
 */
const SERVER_PATHS = /^\/(?:api|as|ext|healthz|\.well-known)(?=[/?]|$)/.source;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script and stylesheet, once
 * the files are final: the server sends them as they are to browsers that accept them
 * (apps/server/src/http/spa.ts, `preCompressed`), so a visitor downloads about a third of the
 * bytes and the server compresses nothing while answering.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'anybank:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          await writeFile(
            `${file}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompressAssets()],
  resolve: {
    alias: [
      // zod with its JIT off (CSP: no eval), set before any schema is built: src/lib/zod-browser.ts.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-browser.ts', import.meta.url)),
      },
    ],
  },
  experimental: {
    // The server moves index.html's asset URLs under the configured base path; URLs that the
    // scripts build themselves (chunk preloads) are made relative to the importing chunk, so
    // that they follow wherever the assets are served from.
    renderBuiltUrl: (_filename, { hostType }) =>
      hostType === 'js' ? { relative: true } : undefined,
  },
  // WEB_DIST_DIR (also read by the server) lets a test run build and serve its own copy.
  build: {
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // The polyfill only makes browsers without <link rel="modulepreload"> (Safari before 17,
    // Firefox before 115) fetch the preloads early; they load the same modules without it. It
    // would be in the JavaScript of every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first page runs (every module the entry imports statically) is one chunk:
        // left to itself, rolldown splits off each module that lazy pages share with it (a
        // dozen small files, each compressed on its own: ~2 KB gzip more, and more requests).
        // Lazy pages import those modules from it.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { [SERVER_PATHS]: { target: SERVER_ORIGIN } },
  },
});
