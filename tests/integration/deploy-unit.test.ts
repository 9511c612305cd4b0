import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const UNIT = path.join(ROOT, 'deploy', 'turnout.service');

function hasSystemdAnalyze(): boolean {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('deploy/turnout.service', () => {
  it('restarts the app on failure and stops it with SIGTERM (its drain)', () => {
    const unit = readFileSync(UNIT, 'utf8');
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \S+\/dist\/server\/main\.js$/m);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
  });

  it.skipIf(!hasSystemdAnalyze())('passes systemd-analyze verify without a warning', () => {
    const r = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // Unknown keys or misplaced settings are only warnings: none may be printed.
    expect(r.stderr.trim()).toBe('');
  });
});
