import type { CpuPerRequest } from './cpu.ts';
import type pg from 'pg';

/** The floor a scenario must reach (docs/product.md#performance-targets). Every bound given must hold for PASS. */
export type Target = {
  /** Successful responses per second (see Scenario.isOk; default any 2xx). */
  minRps?: number;
  maxP95Ms?: number;
  maxP99Ms?: number;
};

/** One HTTP request as autocannon sends it; headers are plain strings. */
export type BenchRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * What a scenario fires: a fixed list (cycled per connection), or a factory called once per
 * request (e.g. a new guest for every RSVP). onResponse sees every response (status, body).
 */
export type RequestPlan =
  | { requests: BenchRequest[]; onResponse?: (status: number, body: string) => void }
  | { next: () => BenchRequest; onResponse?: (status: number, body: string) => void };

/** Load shape; the harness defaults come from BENCH_DURATION / BENCH_CONNECTIONS. */
export type Load = {
  /** Seconds of measurement. */
  duration: number;
  connections: number;
  /** Fixed arrival rate for all connections together (e.g. 200 scans/s); unset = as fast as possible. */
  overallRate?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  /** Seconds of unmeasured load first (JIT, pools, caches); 0 when the requests consume state (one ticket). */
  warmup: number;
  /** Seconds a request may take before it counts as unanswered (default 10; an upload of a large file needs more). */
  timeoutSeconds?: number;
};

export type SignedInUser = {
  email: string;
  password: string;
  userId: string;
  /** `Cookie` header value carrying the session. */
  cookie: string;
  /** Headers for JSON API calls as this user (cookie, content-type, origin). */
  headers: Record<string, string>;
};

export type BenchContext = {
  /** e.g. http://127.0.0.1:41234 (the bench server; nothing else is ever targeted). */
  baseURL: string;
  /** Pool on the bench database (seeding, verification). */
  db: pg.Pool;
  /** The owner account (created on first call via POST /api/setup/owner, then cached). */
  owner: () => Promise<SignedInUser>;
  /** Another signed-in account (role 'host', or 'admin'), created with the server's CLI. */
  createUser: (opts?: { admin?: boolean; email?: string }) => Promise<SignedInUser>;
  /** fetch against baseURL; throws on a non-2xx answer with the status and body in the message. */
  api: <T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; user?: SignedInUser; headers?: Record<string, string> },
  ) => Promise<T>;
  log: (msg: string) => void;
  /** The server process's CPU time so far in ms (lib/cpu.ts), undefined where /proc is not readable. */
  serverCpuMs: () => number | undefined;
};

export type RunStats = {
  rps: number;
  okRps: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  seconds: number;
  /** Set when the run hit the harness's hard time limit (BENCH_MAX_SECONDS) and was stopped. */
  cutShortAfter?: number;
};

export type VerifyResult = { ok: boolean; detail?: string };

export type Scenario<S = unknown> = {
  /** Shown in the table; also what BENCH_ONLY matches (case-insensitive substring). */
  name: string;
  target: Target;
  /** Where the target comes from (e.g. 'product.md#performance-targets: public event page HTML'). */
  targetSource?: string;
  /** Writes data: runs after every read-only scenario, so reads see an idle server. */
  writes?: boolean;
  /** Load settings intrinsic to the scenario (e.g. overallRate); the rest come from the harness. */
  load?: Partial<Load>;
  /** Also measure the raw INSERT rate through pg in the same run (the ceiling for write scenarios). */
  insertCeiling?: boolean;
  /** Counts as success for okRps and minRps (default: any 2xx). */
  isOk?(status: number): boolean;
  /** Seeds data (through the API or SQL) and returns what requests() and verify() need. */
  setup?(ctx: BenchContext): Promise<S>;
  /** Called twice: for the warm-up and for the measured run. */
  requests(ctx: BenchContext, state: S): RequestPlan;
  /**
   * Where the requests go instead of the server: a proxy on 127.0.0.1 that setup() started in front of it
   * (a shared cache). The ceiling and the CPU figures stay the server's own.
   */
  via?(ctx: BenchContext, state: S): string;
  /** Stops what setup() started (always called once setup succeeded). */
  teardown?(ctx: BenchContext, state: S): Promise<void>;
  /** After the measured run: invariants such as zero oversold. A thrown error is a harness error. */
  /** `cpu`: the measured run's CPU per request (undefined where /proc is not readable). */
  verify?(ctx: BenchContext, state: S, run: RunStats, cpu?: CpuPerRequest): Promise<VerifyResult>;
};

/** Identity helper that keeps the state type between setup, requests and verify. */
export function defineScenario<S>(s: Scenario<S>): Scenario<S> {
  return s;
}
