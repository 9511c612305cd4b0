// Builds the SPA (dist/client) and the server bundle (dist/server), then writes dist/.build-stamp.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

execSync('vite build --logLevel warn', { stdio: 'inherit' });
execSync('vite build --logLevel warn -c vite.server.config.ts', { stdio: 'inherit' });
writeFileSync('dist/.build-stamp', `${new Date().toISOString()}\n`);
