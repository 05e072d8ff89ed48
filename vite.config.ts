/**
 * Vite build of the web app: source root src/web, output dist/web (served by the Fastify server,
 * which answers unknown non-API GET paths with dist/web/index.html so history-mode routes work).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every compressible output file of 1 KB
 * or more, once at build time, so the server sends them as they are (@fastify/static `preCompressed`)
 * and spends no CPU per request on static assets. Fonts (woff2) and images are compressed already.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir!;
      const walk = (d: string): string[] =>
        fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's styles travel with the components that use them: each component's class-name module
 * (`<Name>.module.mjs` under `@mantine/core/esm/`) imports that component's own stylesheet,
 * so a chunk carries the styles of exactly the components in it. The first page blocks its render on
 * the styles of the layout and the content page only (about a third of Mantine's 290 KB); a screen
 * opened later brings the rest with its script, before it runs. The files are the `@layer mantine`
 * versions: the app's own rules (unlayered) win over Mantine's in whatever order the chunks arrive, as
 * they did when the whole of Mantine came first. The global styles and those of the components others are
 * built on come first, in the entry (src/web/mantine-styles.ts). During
 * development Mantine is one pre-bundled file that this hook never sees, so the page gets all of it.
 */
function mantineStylesPerComponent(): Plugin {
  const MODULE = /\/@mantine\/core\/esm\/(?:[^/]+\/)*([A-Za-z]+)\.module\.mjs$/;
  let serve = false;
  return {
    name: 'mantine-styles-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (serve) return file.endsWith('/src/web/main.tsx') ? `import '@mantine/core/styles.layer.css';\n${code}` : undefined;
      const m = MODULE.exec(file);
      return m ? { code: `import '@mantine/core/styles/${m[1]}.layer.css';\n${code}`, map: null } : undefined;
    },
  };
}

/**
 * The installable, offline-capable app (docs/decisions/025-offline.md): a Workbox service worker that
 * precaches only the shell (index.html, the entry script and styles, the icons) so a first visit moves
 * few extra bytes, keeps the lazy screens' scripts as they are first loaded (hashed, so never stale) and
 * the course files last read. API answers are kept by the app itself (src/web/lib/offline/), which
 * knows who is signed in. A new version waits until the learner chooses Reload ('prompt'), so one page
 * never runs old and new code together.
 */
function offlineApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Learning Platform',
      short_name: 'Learning',
      description: 'Online courses for learners around the world',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // No `dir`: the manifest's default, 'auto', sets the names' direction from their text, so an
      // Arabic name reads right to left; each page sets its own direction from the learner's language.
      theme_color: '#1c5d99',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'assets/index-*.{js,css}'],
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // The page is asked of the server while the worker starts, not after.
      navigationPreload: true,
      runtimeCaching: [
        {
          // A page comes from the server while it answers: it carries the first screen's answers
          // (src/server/first-page.ts), which the device's copy of the shell cannot. When the request
          // fails (offline), the shell is used and the app reads what it kept. API calls, sign-in,
          // files, health checks and certificates are never answered with the shell.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !/^\/(app_|users\/|files\/|healthz|readyz|metrics)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'lp-assets', expiration: { maxEntries: 300 }, cacheableResponse: { statuses: [200] } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/files/'),
          handler: 'NetworkFirst',
          options: { cacheName: 'lp-files', cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

export default defineConfig({
  root,
  plugins: [mantineStylesPerComponent(), react(), offlineApp(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: !!process.env.SOURCEMAP,
    // Read by the server to let a page ask for its screen's code early (src/server/first-page.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Everything the first screen needs in one file: on a slow line each extra request waits a
        // round trip behind the browser's six connections, which cost more than the bytes they saved.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // `npm run dev:web` proxies API calls to a running server (API_URL, default :3000).
    proxy: Object.fromEntries(
      ['/app_', '/users/login', '/healthz', '/files/', '/app_certificates'].map((p) => [p, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
