/**
 * Vite build of the web app: source root src/web, output dist/web (served by the Fastify server,
 * which answers unknown non-API GET paths with dist/web/index.html so history-mode routes work).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: !!process.env.SOURCEMAP,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev:web` proxies API calls to a running server (API_URL, default :3000).
    proxy: Object.fromEntries(
      ['/app_', '/users/login', '/healthz', '/files/', '/app_certificates'].map((p) => [p, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
