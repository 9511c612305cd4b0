import http from 'node:http';
import { runStats } from './run-stats.ts';
import type { BenchRequest, Load, RequestPlan, RunStats } from './types.ts';

const TIMEOUT_MS = 10_000;

/**
 * A fixed arrival rate, open loop (a scenario with `load.overallRate`, e.g. 200 scans/s): request i is
 * due at start + i / rate and is sent then whatever the earlier ones are doing, over at most
 * `connections` keep-alive sockets; its latency runs from when it was DUE, so time spent waiting for a
 * free socket or for a late harness counts against the server (no coordinated omission).
 * autocannon's `overallRate` is neither: each connection sends back to back until it has made its share
 * of the second, then idles until the next second, so 200/s over 10 connections arrived as bursts of 10
 * in flight at the top of each second, and a slow answer delayed the next send instead of being measured.
 */
export async function runOpenLoop(opts: {
  baseURL: string;
  plan: RequestPlan;
  load: Load & { overallRate: number };
  isOk: (status: number) => boolean;
  abort?: Promise<never>;
  maxSeconds?: number;
}): Promise<RunStats> {
  const { plan, load } = opts;
  const url = new URL(opts.baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const gapMs = 1000 / load.overallRate;
  const total = load.amount ?? Math.max(1, Math.round(load.duration * load.overallRate));
  const list = 'requests' in plan ? plan.requests : null;
  const next = (i: number): BenchRequest => (list ? list[i % list.length]! : (plan as { next: () => BenchRequest }).next());

  const latencies = new Float64Array(total);
  let n = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const statusCodes: Record<string, number> = {};
  let sent = 0;
  let inFlight = 0;
  let stopped = false;
  let cutShort = false;
  const startedAt = performance.now();
  let lastResponseAt = startedAt;

  await new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const hardStop = opts.maxSeconds
      ? setTimeout(() => {
          cutShort = true;
          stopped = true;
          if (inFlight === 0) resolve();
        }, opts.maxSeconds * 1000)
      : undefined;
    const settle = () => {
      inFlight--;
      if ((stopped || sent === total) && inFlight === 0) {
        clearTimeout(hardStop);
        resolve();
      }
    };
    opts.abort?.catch((err) => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(hardStop);
      reject(err);
    });

    const fire = (dueAt: number, r: BenchRequest) => {
      inFlight++;
      let timedOut = false;
      let settled = false;
      const once = (counted: () => void) => {
        if (settled) return;
        settled = true;
        counted();
        settle();
      };
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: r.method ?? 'GET',
          path: r.path,
          agent,
          headers: { ...r.headers, ...(r.body !== undefined ? { 'content-length': Buffer.byteLength(r.body) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (settled) return;
            const status = res.statusCode ?? 0;
            lastResponseAt = performance.now();
            latencies[n++] = lastResponseAt - dueAt;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (opts.isOk(status)) ok++;
            if (status < 200 || status >= 300) non2xx++;
            once(() => plan.onResponse?.(status, Buffer.concat(chunks).toString('utf8')));
          });
          res.on('error', () => once(() => errors++));
        },
      );
      req.setTimeout(TIMEOUT_MS, () => {
        timedOut = true;
        timeouts++;
        req.destroy();
      });
      req.on('error', () =>
        once(() => {
          if (!timedOut) errors++;
        }),
      );
      req.end(r.body);
    };

    const tick = () => {
      const now = performance.now();
      while (!stopped && sent < total && startedAt + sent * gapMs <= now) {
        const dueAt = startedAt + sent * gapMs;
        fire(dueAt, next(sent++));
      }
      if (!stopped && sent < total) timer = setTimeout(tick, Math.max(0, startedAt + sent * gapMs - performance.now()));
      else if (inFlight === 0) {
        clearTimeout(hardStop);
        resolve();
      }
    };
    tick();
  }).finally(() => agent.destroy());

  const seconds = (lastResponseAt - startedAt) / 1000;
  return runStats(latencies, { n, ok, non2xx, errors, timeouts, statusCodes }, seconds, cutShort ? opts.maxSeconds : undefined);
}
