// `npm run validate`: typecheck, lint (Biome: format + rules + import boundaries; check-boundaries.mjs: no cycles
// between modules or features, a web feature imports only itself, components, lib and common), the copy-paste
// detector (jscpd, .jscpd.json: one owner per rule, CONTRIBUTING.md) and vitest at once.
// Each check's output is buffered and printed whole when it ends, so they never interleave;
// the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['boundaries', 'node', ['scripts/check-boundaries.mjs']],
  // `--no`: the pinned devDependency or a failure, never a download of whatever version is newest.
  ['copy-paste', 'npx', ['--no', '--', 'jscpd', '-c', '.jscpd.json']],
  ['unit + integration', 'npx', ['vitest', 'run']],
];

function run([name, cmd, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n=== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${secs} s\n`);
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
const failed = checks.filter((_, i) => !results[i]).map(([name]) => name);
if (failed.length) {
  console.error(`\nvalidate: ${failed.join(', ')} failed`);
  process.exit(1);
}
console.log('\nvalidate: typecheck, lint, copy-paste and tests passed');
