// Builds the SPA (dist/client) and the server bundle (dist/server), then writes dist/.build-stamp.
// DIST_DIR puts the whole build elsewhere inside the project (parallel builds, bench runs).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const distDir = process.env.DIST_DIR ?? 'dist';

await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
await build({ configFile: 'vite.server.config.ts', logLevel: 'warn' });
copyApiReference();
writeFileSync(path.join(distDir, '.build-stamp'), `${new Date().toISOString()}\n`);

/**
 * Scalar's browser bundle for /api/docs (src/server/http/api-docs.ts), a devDependency, copied into the
 * client build as api-docs/scalar-<version>.js so that production serves it without node_modules. Its
 * 3.5 MB are compressed here (.br, .gz beside it; http/spa.ts serves them): brotli's best setting
 * would stall the server for seconds on the first request.
 */
function copyApiReference() {
  const pkgDir = path.join('node_modules', '@scalar', 'api-reference');
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const outDir = path.join(distDir, 'client', 'api-docs');
  const out = path.join(outDir, `scalar-${version}.js`);
  mkdirSync(outDir, { recursive: true });
  copyFileSync(path.join(pkgDir, 'dist', 'browser', 'standalone.js'), out);
  const body = readFileSync(out);
  writeFileSync(`${out}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
  writeFileSync(`${out}.gz`, gzipSync(body, { level: 9 }));
}
