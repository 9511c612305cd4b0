import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CHECKIN_APP_HEAD, CHECKIN_APP_SCOPE, CHECKIN_APP_SCREENS, CHECKIN_SW_URL } from './src/common/checkin-app.ts';
import { GUEST_PAGES } from './src/common/guest-pages.ts';

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/** What both module graphs share: sources, plugins, output dir and target. */
const base = (): UserConfig => ({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve('src') } },
  build: { outDir: path.join(distDir, 'client'), sourcemap: true, target: 'es2022' },
});

/** One light start-up per guest page, without React Router (docs/decisions/0003-public-entry.md). */
const GUEST_START_UPS = Object.fromEntries(GUEST_PAGES.map(({ html }) => [html, path.resolve(`src/web/guest/${html}.html`)]));

/**
 * Start-ups built in a module graph of their own. In the shared graph, every module two pages share
 * becomes a chunk of its own per set of pages: the manage page (/rsvp, reached from e-mails) split
 * /event into 9 files and added 0.7 kB to its first load. Alone it costs the others nothing; the price
 * is its own copy of the framework file (~78 kB, once) for a guest who saw an event page first. The
 * payment page (/event/{slug}/payment-success) shares the ticket card with /ticket: alone, for the same reason.
 */
const OWN_GRAPH = new Set(['rsvp', 'payment']);
const GUEST_GRAPHS = [
  Object.fromEntries(Object.entries(GUEST_START_UPS).filter(([page]) => !OWN_GRAPH.has(page))),
  ...[...OWN_GRAPH].map((page) => ({ [page]: GUEST_START_UPS[page]! })),
];

/** A guest start-up's HTML: index.html with the page's own script (src/web/guest/<page>-main.tsx). */
function guestStartUpHtml(page: string): string {
  const index = readFileSync(path.resolve('src/web/index.html'), 'utf8');
  const html = index.replace('src="./main.tsx"', `src="./${page}-main.tsx"`);
  if (html === index) throw new Error('src/web/index.html no longer loads ./main.tsx: update guestStartUpHtml in vite.config.ts');
  return html;
}

/**
 * Makes the guest start-ups' HTML (guestStartUpHtml) instead of keeping three copies of index.html's
 * head: as build inputs, and in dev at /guest/<page>.html.
 */
function guestHtml(): Plugin {
  const byId = new Map(Object.entries(GUEST_START_UPS).map(([page, id]) => [id, page]));
  return {
    name: 'turnout:guest-html',
    enforce: 'pre',
    resolveId: (id) => (byId.has(id) ? id : null),
    load: (id) => {
      const page = byId.get(id);
      return page ? guestStartUpHtml(page) : null;
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const page = /^\/guest\/(\w+)\.html$/.exec(req.url?.split('?')[0] ?? '')?.[1];
        if (!page || !(page in GUEST_START_UPS)) return next();
        try {
          const html = await server.transformIndexHtml(req.url!, guestStartUpHtml(page));
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
        } catch (err) {
          next(err);
        }
      });
    },
  };
}

/**
 * What every guest page runs at once, in one file: React, React DOM, TanStack Query, and the four
 * modules of ours that every page and most lazy parts import (texts, constants, the API client and its
 * error codes). Left to the automatic split, a lazy part reaching those four (the not-found pages'
 * "Find your ticket") carved them into two more files: +0.3 kB on /event.
 */
const GUEST_FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|clsx)[\\/]|src[\\/](common[\\/](messages|constants)|web[\\/]lib[\\/](api|error-code))\.ts$/;

/**
 * Builds the guest start-ups right after the full app, into the same dist/client, as a module graph of
 * their own. There each guest page's chunks hold only what guest pages use, all preloaded by its HTML;
 * in the app's graph they share chunks with the admin screens, carry what those need too and come in
 * twice as many files (/event: 89.7 kB gzip here, 94.3 kB as a lazy page beside index.html: see the ADR).
 * src/server/http/spa.ts sends each guest path its guest/<page>.html and every other path index.html.
 */
function guestStartUps(): Plugin {
  let mode = 'production';
  let logLevel: UserConfig['logLevel'];
  return {
    name: 'turnout:guest-start-ups',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
      logLevel = config.logLevel;
    },
    async closeBundle(error) {
      if (error) return;
      for (const input of GUEST_GRAPHS) await buildGuestGraph(input);
    },
  };

  async function buildGuestGraph(input: Record<string, string>) {
    const config = base();
    await build({
      ...config,
      plugins: [...(config.plugins ?? []), guestHtml()],
      configFile: false,
      mode,
      logLevel,
      publicDir: false,
      build: {
        ...config.build,
        emptyOutDir: false,
        modulePreload: { polyfill: false }, // <link rel=modulepreload> is Baseline since 2023; older browsers only load later
        rollupOptions: {
          input,
          // GUEST_FRAMEWORK in one file: split by which lazy dialogs also import it, it came as three,
          // each compressed on its own (-0.7 kB).
          output: { codeSplitting: { groups: [{ name: 'framework', tags: ['$initial'], test: GUEST_FRAMEWORK }] } },
        },
      },
    });
  }
}

/**
 * The files the check-in screens need with no network (docs/decisions/0035-offline-door.md): the app's entry
 * and what it imports, what it loads lazily that is not a screen (toasts, the not-found helper), the three
 * check-in screens with everything they import or load (the camera's decoder and its worker), and the CSS.
 * Filled while the app's bundle is written, read by the service worker's precache filter below.
 */
function checkinPrecache(): { plugin: Plugin; keep: Set<string> } {
  const keep = new Set<string>();
  const plugin: Plugin = {
    name: 'turnout:checkin-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      keep.clear();
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const visit = (fileName: string, lazyToo: boolean) => {
        if (keep.has(fileName)) return;
        keep.add(fileName);
        const chunk = byFile.get(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) keep.add(css);
        for (const f of chunk.imports) visit(f, lazyToo);
        if (lazyToo) for (const f of chunk.dynamicImports) visit(f, true);
      };
      for (const c of chunks) {
        const id = c.facadeModuleId ?? '';
        if (c.isEntry && id.endsWith('src/web/index.html')) {
          visit(c.fileName, false);
          // Lazy parts of the shell that are not screens of their own.
          for (const f of c.dynamicImports)
            if (!/[\\/]src[\\/]web[\\/]routes[\\/]/.test(byFile.get(f)?.facadeModuleId ?? '')) visit(f, true);
        }
        if (/[\\/]src[\\/]web[\\/]routes[\\/]checkin[\\/]/.test(id)) visit(c.fileName, true);
      }
      // The QR decoder's worker is an asset the camera code names by URL.
      for (const f of Object.values(bundle)) if (f.type === 'asset' && /worker/i.test(f.fileName)) keep.add(f.fileName);
    },
  };
  return { plugin, keep };
}

/** The door app's service worker (ADR 0035): scoped to /checkin, so guest pages never get it. */
function checkinServiceWorker(): Plugin[] {
  const { plugin, keep } = checkinPrecache();
  const always = /^(checkin\.webmanifest|favicon\.svg|icons\/checkin-.*\.png)$/;
  return [
    plugin,
    ...VitePWA({
      strategies: 'generateSW',
      filename: CHECKIN_SW_URL.slice(1),
      scope: CHECKIN_APP_SCOPE,
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['api-docs/**', 'guest/**', '**/*.map'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // The screens are served from the server's page for /checkin (index.html with CHECKIN_APP_HEAD).
        navigateFallback: CHECKIN_APP_SCOPE,
        navigateFallbackAllowlist: [new RegExp(CHECKIN_APP_SCREENS.source.replace(/\$$/, '(?:\\?.*)?$'))],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.flatMap((e) => {
              if (e.url === 'index.html') {
                const revision = createHash('sha256').update(`${e.revision}\n${CHECKIN_APP_HEAD}`).digest('hex').slice(0, 32);
                return [{ ...e, url: CHECKIN_APP_SCOPE, revision }];
              }
              return keep.has(e.url) || always.test(e.url) ? [e] : [];
            }),
            warnings: [],
          }),
        ],
      },
    }),
  ];
}

export default defineConfig(() => {
  const config = base();
  return {
    ...config,
    publicDir: path.resolve('src/web/public'),
    plugins: [...(config.plugins ?? []), guestHtml(), guestStartUps(), ...checkinServiceWorker()],
    build: { ...config.build, emptyOutDir: true },
    server: {
      port: 5173,
      proxy: {
        // The API accepts writes only from its own origin (src/server/http/same-origin.ts): through this
        // proxy the page's origin (:5173) is presented as the API's.
        '/api': {
          target: apiTarget,
          configure: (proxy) => proxy.on('proxyReq', (proxyReq) => proxyReq.getHeader('origin') && proxyReq.setHeader('origin', apiTarget)),
        },
        '/media': apiTarget,
        '/healthz': apiTarget,
        '/qr': apiTarget,
      },
    },
  };
});
