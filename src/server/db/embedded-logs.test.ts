import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_FILES, LOG_DIR, pruneLogs, rotateStartupLog } from './embedded-logs.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded PostgreSQL logs', () => {
  it('keeps only the newest collector files', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-logs-'));
    const logs = path.join(dir, LOG_DIR);
    mkdirSync(logs);
    const names = Array.from({ length: KEEP_FILES + 3 }, (_, i) => `postgresql-2026-11-${String(10 + i)}_120000.log`);
    for (const name of [...names].reverse()) writeFileSync(path.join(logs, name), name);
    pruneLogs(dir);
    expect(readdirSync(logs).sort()).toEqual(names.slice(-KEEP_FILES));
  });

  it("moves the last start's output aside as postgres.log.1, mode 0600", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-logs-'));
    const file = path.join(dir, 'postgres.log');
    writeFileSync(file, 'older start\n', { mode: 0o644 });
    rotateStartupLog(file);
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('older start\n');
    expect((statSync(`${file}.1`).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(dir)).toEqual(['postgres.log.1']);
  });
});
