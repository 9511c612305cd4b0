import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive as alive } from '../../src/server/db/embedded.ts';
import { FAKE_TWILIO } from '../../tests/support/fake-twilio.ts';
import { startPgBouncer } from '../../tests/support/pgbouncer.ts';

/** Where the bench server keeps its data: a temp DATA_DIR (embedded) or a fresh database on BENCH_DATABASE_URL. */
export type BenchDatabase = {
  /** Env for the server child (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Connection string for the harness's own pool (valid once the server has started the database). */
  url: string;
  describe: string;
  dispose: (keep: boolean) => Promise<void>;
};

/**
 * `pgbouncer` (BENCH_PGBOUNCER, with BENCH_DATABASE_URL): the server reaches its database through PgBouncer in
 * transaction mode, with DATABASE_DIRECT_URL for its sessions (ADR 0024); the harness's own pool goes direct.
 */
export async function provisionDatabase(externalUrl: string | undefined, pgbouncer = false): Promise<BenchDatabase> {
  if (pgbouncer && !externalUrl) throw new Error('BENCH_PGBOUNCER needs BENCH_DATABASE_URL (a server PgBouncer can reach)');
  if (!externalUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-'));
    const pgdata = path.join(dataDir, 'pg');
    return {
      env: { DATA_DIR: dataDir },
      url: `postgresql://postgres@localhost/turnout?host=${encodeURIComponent(pgdata)}`,
      describe: `embedded PostgreSQL in ${dataDir}`,
      dispose: async (keep) => {
        await stopOrphanedPostgres(pgdata);
        if (keep) console.error(`bench: kept the data dir ${dataDir}`);
        else rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `turnout_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: externalUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(externalUrl);
  url.pathname = `/${name}`;
  const bouncer = pgbouncer ? await startPgBouncer(url.toString(), 10) : undefined;
  return {
    env: bouncer ? { DATABASE_URL: bouncer.pooled(url.toString()), DATABASE_DIRECT_URL: url.toString() } : { DATABASE_URL: url.toString() },
    url: url.toString(),
    describe: `database ${name} on BENCH_DATABASE_URL${bouncer ? ', the server through PgBouncer (transaction mode, 10 backends)' : ''}`,
    dispose: async (keep) => {
      await bouncer?.stop();
      if (keep) {
        console.error(`bench: kept the database ${name}`);
        return;
      }
      const c = new pg.Client({ connectionString: externalUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** If the server died without stopping its embedded PostgreSQL, stop that postmaster (it is ours: it lives in our temp dir). */
async function stopOrphanedPostgres(pgdata: string) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  console.error(`bench: stopping the embedded PostgreSQL (pid ${pid}) the server left running`);
  process.kill(pid, 'SIGINT');
  const until = Date.now() + 30_000;
  while (alive(pid) && Date.now() < until) await sleep(50);
}

/** The first `head` and the last `tail` output lines, with a marker for what is left out. */
export function excerpt(output: BenchServer['output'], head: number, tail: number): string {
  const all = [...output.first, ...output.lines];
  const dropped = output.count - all.length;
  if (all.length <= head + tail && dropped === 0) return all.join('\n');
  const skipped = all.length - head - tail + dropped;
  return [...all.slice(0, head), `… (${skipped} lines) …`, ...all.slice(-tail)].join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The environment every bench server process gets (also the CLI, for extra users); `smtpUrl`: where its e-mail goes. */
export function serverEnv(port: number, db: BenchDatabase, smtpUrl?: string, twilioUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'DATABASE_DIRECT_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'PUBLIC_BASE_URL',
    'SMTP_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
  ]) {
    delete env[k];
  }
  return {
    ...env,
    ...db.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    AUTH_SECRET: benchSecrets.auth,
    ENCRYPTION_KEY: benchSecrets.encryption,
    TICKET_SIGNING_KEY: benchSecrets.ticket,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : { DEV_MAILBOX: 'true' }),
    ...(twilioUrl
      ? {
          TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
          TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
          TWILIO_FROM: FAKE_TWILIO.from,
          TWILIO_API_BASE_URL: twilioUrl,
        }
      : {}),
  };
}

// Production mode wants every secret from the environment; one set per harness run.
const benchSecrets = {
  auth: randomBytes(32).toString('hex'),
  encryption: randomBytes(32).toString('hex'),
  ticket: randomBytes(32).toString('hex'),
};

export type BenchServer = {
  baseURL: string;
  child: ChildProcess;
  /** Spawn → first 200 from /healthz, in ms. */
  startupMs: number;
  /** Output (the server logs at warn and above): the first 20 lines, the last 40 after those, and the count. */
  output: { first: string[]; lines: string[]; count: number };
  /** Rejects when the server exits before stop() is called. */
  exited: Promise<never>;
  /** SIGTERM, wait for the exit; resolves to the exit code (null when it had already exited or was signalled). */
  stop: () => Promise<number | null>;
};

/** Starts the built server (DIST_DIR/server/main.js) and waits until /healthz answers 200. */
export async function startServer(opts: { distDir: string; env: NodeJS.ProcessEnv; port: number }): Promise<BenchServer> {
  const entry = path.join(opts.distDir, 'server', 'main.js');
  if (!existsSync(entry)) throw new Error(`No built server at ${entry}: run "npm run bench" (it builds first)`);
  const baseURL = `http://127.0.0.1:${opts.port}`;
  const output = { first: [] as string[], lines: [] as string[], count: 0 };
  const t0 = performance.now();
  // BENCH_NODE_ARGS: extra Node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, entry], { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.count++;
      const kept = line.length > 2000 ? `${line.slice(0, 2000)}…` : line;
      if (output.first.length < 20) output.first.push(kept);
      else output.lines.push(kept);
      if (output.lines.length > 40) output.lines.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let stopping = false;
  const exitPromise = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const exited = exitPromise.then((code) => {
    if (stopping) return new Promise<never>(() => {});
    throw new Error(`The bench server exited unexpectedly (code ${code}). Its last output:\n${excerpt(output, 10, 10)}`);
  });
  exited.catch(() => {}); // observed by whoever races it

  let stopped: Promise<number | null> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const done = await Promise.race([exitPromise.then(() => true), sleep(30_000).then(() => false)]);
      if (!done) {
        console.error('bench: the server did not stop within 30 s of SIGTERM; killing it');
        child.kill('SIGKILL');
      }
      const code = await exitPromise;
      if (code !== 0) console.error(`bench: the server exited with code ${code} on SIGTERM. Its last output:\n${excerpt(output, 10, 10)}`);
      return code;
    })();
    return stopped;
  };

  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) await exited;
      if (Date.now() > deadline) throw new Error(`The bench server did not answer /healthz within 60 s:\n${excerpt(output, 10, 10)}`);
      try {
        const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(5);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, child, startupMs: performance.now() - t0, output, exited, stop };
}
