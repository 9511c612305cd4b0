import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { startServiceProcess } from './service-process.ts';

/**
 * Debian's PgBouncer (1.18, `apt-get install pgbouncer`; .ci/run installs it) in transaction mode in front
 * of the tests' PostgreSQL, for the scale-out tests (ADR 0024). It listens on 127.0.0.1 only and lets any
 * user name through (auth_type = any): each database is reached as the server URL's user.
 */
export type PgBouncer = {
  /** The pooled URL of `directUrl`'s database (same database name, through the pooler). */
  pooled: (directUrl: string) => string;
  /** Its output and log file so far (for a failed test). */
  log: () => string;
  stop: () => Promise<void>;
};

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** Where the pgbouncer binary is, or null. */
export function pgBouncerPath(): string | null {
  for (const p of CANDIDATES) if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Starts PgBouncer before the server of `serverUrl` (TCP, or the embedded server's Unix socket given as
 * `?host=/dir`), with at most `serverConnections` backends per database whatever the number of clients.
 */
export async function startPgBouncer(serverUrl: string, serverConnections = 8): Promise<PgBouncer> {
  const bin = pgBouncerPath();
  if (!bin) throw new Error('pgbouncer is not installed: apt-get install -y pgbouncer');
  const target = new URL(serverUrl);
  const host = target.searchParams.get('host') ?? target.hostname;
  const port = target.port || '5432';
  const user = decodeURIComponent(target.username) || 'postgres';
  const listen = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  const logFile = path.join(dir, 'pgbouncer.log');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${host} port=${port} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${listen}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${serverConnections}`,
      'max_db_connections = 0',
      `logfile = ${logFile}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: then it runs as PostgreSQL's own user, which must own its folder.
  const asRoot = process.getuid?.() === 0;
  const args = asRoot ? ['-u', 'postgres', ini] : [ini];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chownSync(ini, uid, gid);
    chmodSync(dir, 0o700);
  }
  const service = await startServiceProcess({ bin, args, dir, logFile, stopSignal: 'SIGINT', ready: (log) => log.includes('process up') });
  return {
    pooled: (directUrl) => `postgres://${user}@127.0.0.1:${listen}${new URL(directUrl).pathname}`,
    log: service.log,
    stop: service.stop,
  };
}
