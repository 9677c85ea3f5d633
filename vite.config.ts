import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig } from './server/config/env.ts';
import { renderShell } from './server/platform/shell.ts';
import { catalogs } from './vite.catalogs.ts';

/** In development the shell gets the firm's identity the same way the server gives it in production. */
function firmData(): Plugin {
  return {
    name: 'firm-data',
    apply: 'serve',
    transformIndexHtml: (html) => renderShell(html, loadConfig().firm),
  };
}

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), firmData(), catalogs()],
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('web/lib/zod-without-eval.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // For reading a production stack trace, never referenced by the bundles: scripts/lib/web-build.mjs
    // moves them out of the site to dist/sourcemaps, where no address reaches them.
    sourcemap: 'hidden',
    // Which chunks each page loads (dist/web/.vite/manifest.json), for the size budgets (scripts/check-budgets.mjs).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/healthz': `http://localhost:${serverPort}`,
    },
  },
});
