import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER_ORIGIN = 'http://localhost:8080';

/**
 * Paths the API server answers. Matched as whole path segments so that `/as` does not also
 * catch `/assets` or a future `/ascii` page.
 */
const SERVER_PATHS = /^\/(?:api|as|ext|healthz|\.well-known)(?=[/?]|$)/.source;

export default defineConfig({
  base: '/',
  plugins: [react()],
  experimental: {
    // The server moves index.html's asset URLs under the configured base path; URLs that the
    // scripts build themselves (chunk preloads) are made relative to the importing chunk, so
    // that they follow wherever the assets are served from.
    renderBuiltUrl: (_filename, { hostType }) =>
      hostType === 'js' ? { relative: true } : undefined,
  },
  // WEB_DIST_DIR (also read by the server) lets a test run build and serve its own copy.
  build: { outDir: process.env.WEB_DIST_DIR ?? 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { [SERVER_PATHS]: { target: SERVER_ORIGIN } },
  },
});
