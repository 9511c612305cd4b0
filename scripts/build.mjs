// Builds the SPA (dist/client) and the server bundle (dist/server), then writes dist/.build-stamp.
// DIST_DIR puts the whole build elsewhere inside the project (parallel builds, bench runs).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';

const distDir = process.env.DIST_DIR ?? 'dist';

await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
await build({ configFile: 'vite.server.config.ts', logLevel: 'warn' });
copyApiReference();
await precompress(path.join(distDir, 'client'));
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
}

/**
 * Every asset's .br and .gz beside it (http/spa.ts serves them as they are). Compressed on a first request
 * instead, brotli's best setting cost each new server process seconds of CPU for the app's 3 MB of
 * scripts, and stalled that first request. HTML start-ups are not here: the server fills in their head per
 * request. A compressed form that saves under a tenth (images, fonts) is not kept. Scalar's 3.5 MB bundle
 * gets brotli 9: 11 would add tens of seconds to every build for a few kB.
 */
async function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !/\.(html|map|br|gz)$/.test(f.name))
    .map((f) => path.join(f.parentPath, f.name));
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      if (body.length <= 512) return;
      const quality = body.length > 2 ** 20 ? 9 : 11;
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
        gz(body, { level: 9 }),
      ]);
      if (br.length < body.length * 0.9) writeFileSync(`${file}.br`, br);
      if (gzipped.length < body.length * 0.9) writeFileSync(`${file}.gz`, gzipped);
    }),
  );
}
