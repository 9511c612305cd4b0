// `npm run validate`: lint (Biome, check-boundaries.mjs, the jscpd copy-paste detector) → typecheck → unit + integration tests.
// `npm test` (`node scripts/validate.mjs --all`): lint → typecheck + build → unit + integration → process-level → e2e.
//
// Stages run one after another, the fast ones first, and the run stops at the first that fails. Only
// typecheck and the build share a stage (both mostly single-threaded, on a 2-core machine). The app is
// built ONCE, into .dist-test/, and both the process-level tests (TEST_DIST_DIR) and Playwright
// (DIST_DIR) use that build. Each stage's time is printed when it ends, and all of them at the end.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const all = process.argv.includes('--all');
const DIST = '.dist-test';

/** [name, command, args, extra env] */
const lint = ['lint', 'npx', ['biome', 'check', '.']];
const boundaries = ['boundaries', 'node', ['scripts/check-boundaries.mjs']];
// `--no`: the pinned devDependency or a failure, never a download of whatever version is newest.
const copyPaste = ['copy-paste', 'npx', ['--no', '--', 'jscpd', '-c', '.jscpd.json']];
const typecheck = ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']];
const build = ['build', 'node', ['scripts/build.mjs'], { DIST_DIR: DIST }];
const unit = ['unit + integration', 'npx', ['vitest', 'run', '--project', 'unit']];
const processLevel = ['process-level', 'npx', ['vitest', 'run', '--project', 'process'], { TEST_DIST_DIR: DIST }];
const e2e = ['e2e', 'npx', ['playwright', 'test'], { DIST_DIR: DIST }];

const checks = [lint, boundaries, copyPaste];
const stages = all ? [checks, [typecheck, build], [unit], [processLevel], [e2e]] : [checks, [typecheck], [unit]];

/** Runs one check; its output streams through when it runs alone, and is printed whole at its end otherwise. */
function run([name, cmd, args, extraEnv = {}], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...extraEnv },
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const secs = (Date.now() - started) / 1000;
      if (!alone) process.stdout.write(Buffer.concat(out));
      process.stdout.write(`\n=== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${secs.toFixed(1)} s\n`);
      resolve({ name, ok: code === 0, secs });
    });
  });
}

const t0 = Date.now();
const times = [];
let failed = [];
if (all) rmSync(DIST, { recursive: true, force: true });
for (const stage of stages) {
  process.stdout.write(`\n=== ${stage.map(([name]) => name).join(' + ')}\n`);
  const stageStart = Date.now();
  const results = await Promise.all(stage.map((check) => run(check, stage.length === 1)));
  times.push([results.map((r) => r.name).join(' + '), (Date.now() - stageStart) / 1000]);
  failed = results.filter((r) => !r.ok).map((r) => r.name);
  if (failed.length) break;
}

process.stdout.write('\nstage times:\n');
for (const [name, secs] of times) process.stdout.write(`  ${name.padEnd(30)} ${secs.toFixed(1).padStart(7)} s\n`);
process.stdout.write(`  ${'total'.padEnd(30)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(7)} s\n`);
if (failed.length) {
  console.error(`\n${all ? 'test' : 'validate'}: ${failed.join(', ')} failed`);
  process.exit(1);
}
console.log(all ? '\ntest: lint, typecheck, build, unit, process-level and e2e passed' : '\nvalidate: lint, typecheck and tests passed');
