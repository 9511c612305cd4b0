// `npm start`: builds when dist/ is missing or older than the sources, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const inputs = ['src', 'drizzle', 'vite.config.ts', 'vite.server.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!built || Math.max(...inputs.map(newest)) > built) {
  console.error('Building Turnout (sources changed since the last build)…');
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist', 'server', 'main.js'));
