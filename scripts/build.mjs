// Builds the SPA (dist/client) and the server bundle (dist/server), then writes dist/.build-stamp.
// DIST_DIR puts the whole build elsewhere inside the project (parallel builds, bench runs).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
await build({ configFile: 'vite.server.config.ts', logLevel: 'warn' });
writeFileSync(path.join(process.env.DIST_DIR ?? 'dist', '.build-stamp'), `${new Date().toISOString()}\n`);
