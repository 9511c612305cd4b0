// Runs the server CLI from the built bundle, building first when needed (same rule as npm start).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'server', 'cli.js');
if (!existsSync(cli)) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
await import(cli);
