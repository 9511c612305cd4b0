// `npm run db:backup [-- FILE]`: an online backup of the embedded database (DATA_DIR/pg) as one
// .tar.gz, made with PostgreSQL's own backup API and the same binaries that run it (README "Backups";
// ADR 0016). No pg_dump is needed (Debian's is older than the embedded PostgreSQL 18, and pg_dump
// refuses a newer server). With DATABASE_URL (your own server) use that server's pg_dump instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

function fail(msg) {
  console.error(`db:backup: ${msg}`);
  process.exit(1);
}

/** GNU tar: 0 ok, 1 "a file changed as we read it" (expected on a live cluster; WAL replay repairs it). */
function tar(args) {
  try {
    execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    if (err.status !== 1) fail(`tar ${args[0]} failed: ${String(err.stderr ?? err.message).trim()}`);
  }
}

function alivePid(pgdata) {
  const file = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(file)) return 0;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
}

if (process.env.DATABASE_URL) fail('DATABASE_URL is set: back up your own PostgreSQL with its pg_dump (same major version).');
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const pgdata = path.join(dataDir, 'pg');
if (!existsSync(path.join(pgdata, 'PG_VERSION'))) fail(`no embedded database in ${pgdata} (set DATA_DIR)`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] || `turnout-backup-${stamp}.tar.gz`);
if (!out.endsWith('.tar.gz')) fail('the backup file name must end in .tar.gz');
if (existsSync(out)) fail(`${out} exists; choose another name`);
const partial = `${out}.partial.tar`;
rmSync(partial, { force: true });
const skip = ['--exclude=./postmaster.pid', '--exclude=./postmaster.opts', '--exclude=./log/*', '--exclude=./pg_wal/*'];

if (alivePid(pgdata)) {
  // Online: between pg_backup_start and pg_backup_stop every page write is logged in full, so the
  // copied files plus the WAL written meanwhile (copied after the stop) replay to a consistent state.
  const client = new pg.Client({ host: pgdata, user: 'postgres', database: 'postgres' });
  await client.connect();
  const label = mkdtempSync(path.join(os.tmpdir(), 'turnout-backup-'));
  try {
    // A temporary slot keeps every WAL segment from here on until this session ends: a checkpoint during
    // a long copy would otherwise recycle segments the backup needs to replay (no archive is configured).
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`turnout_backup_${process.pid}`]);
    await client.query("SELECT pg_backup_start('turnout db:backup', true)");
    tar(['cf', partial, '-C', pgdata, ...skip, '.']);
    const { rows } = await client.query('SELECT labelfile FROM pg_backup_stop(false)');
    const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(rows[0].labelfile)?.[1];
    if (!first || !existsSync(path.join(pgdata, 'pg_wal', first))) {
      rmSync(partial, { force: true });
      fail(`the backup's first WAL segment (${first}) is gone; nothing written`);
    }
    writeFileSync(path.join(label, 'backup_label'), rows[0].labelfile);
    tar(['rf', partial, '-C', label, 'backup_label']);
    tar(['rf', partial, '-C', pgdata, './pg_wal']);
  } finally {
    await client.end().catch(() => {});
    rmSync(label, { recursive: true, force: true });
  }
} else {
  // Stopped: the files are consistent as they are.
  tar(['cf', partial, '-C', pgdata, '--exclude=./postmaster.pid', '--exclude=./log/*', '.']);
}
execFileSync('gzip', ['-f', partial]);
renameSync(`${partial}.gz`, out);
console.log(`db:backup: ${out} (PostgreSQL ${readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim()}, from ${pgdata})`);
