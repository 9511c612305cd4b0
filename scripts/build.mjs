// Builds the SPA (dist/client) and the server bundle (dist/server), then writes dist/.build-stamp.
// DIST_DIR puts the whole build elsewhere (parallel builds, bench runs).
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

execSync('vite build --logLevel warn', { stdio: 'inherit' });
execSync('vite build --logLevel warn -c vite.server.config.ts', { stdio: 'inherit' });
writeFileSync(path.join(process.env.DIST_DIR ?? 'dist', '.build-stamp'), `${new Date().toISOString()}\n`);
