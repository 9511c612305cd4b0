import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib → ../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function num(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min} (got "${raw}")`);
  return n;
}

const flag = (name: string) => ['1', 'true', 'yes', 'on'].includes((process.env[name] ?? '').toLowerCase());
/** For settings that default to on. */
const off = (name: string) => ['0', 'false', 'no', 'off'].includes((process.env[name] ?? '').toLowerCase());

export type Config = ReturnType<typeof loadConfig>;

/** Every knob of the harness, from the environment (see bench/README.md). */
export function loadConfig() {
  const duration = num('BENCH_DURATION', 10, 1);
  const distDir = path.resolve(ROOT, process.env.DIST_DIR || '.dist-bench');
  if (!distDir.startsWith(ROOT + path.sep)) throw new Error(`DIST_DIR must be a folder inside ${ROOT} (got ${distDir})`);
  return {
    distDir,
    duration,
    connections: num('BENCH_CONNECTIONS', 20, 1),
    warmup: num('BENCH_WARMUP', 2, 0),
    maxSeconds: num('BENCH_MAX_SECONDS', 300, 1),
    ceilingDuration: num('BENCH_CEILING_DURATION', duration, 1),
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    strict: flag('BENCH_STRICT'),
    keep: flag('BENCH_KEEP'),
    /** Lighthouse's mobile audit of the public pages (lib/lighthouse.ts) before the scenarios. */
    lighthouse: !off('BENCH_LIGHTHOUSE'),
    /** E-mail over SMTP to a local sink (lib/smtp-sink.ts); off: the dev mailbox (marked sent, no send). */
    smtp: !off('BENCH_SMTP'),
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    /** The server through PgBouncer in transaction mode (with BENCH_DATABASE_URL): what the pooler costs per request. */
    pgbouncer: flag('BENCH_PGBOUNCER'),
    /** The issue 2 bound: start-up to the first served request on a warm data dir. */
    maxWarmStartMs: 3000,
    resultsDir: path.join(ROOT, 'bench', 'results'),
    scenariosDir: path.resolve(ROOT, process.env.BENCH_SCENARIOS_DIR || 'bench/scenarios'),
  };
}
